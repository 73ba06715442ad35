"""`make install DESTDIR=…` (run by `make test` before this suite, with GATHERD_INSTALL_ROOT pointing at the
staged tree): the binaries need no toolchain, the units point at the installed binary, and the man pages,
completions, sysusers file and docs are in place."""
import os, subprocess, unittest

ROOT = os.environ.get("GATHERD_INSTALL_ROOT")
PREFIX = os.environ.get("GATHERD_INSTALL_PREFIX", "/usr/local")


@unittest.skipUnless(ROOT, "GATHERD_INSTALL_ROOT is not set; make test stages an install there")
class InstallTests(unittest.TestCase):
    def path(self, *parts):
        return os.path.join(ROOT, PREFIX.lstrip("/"), *parts)

    def test_the_binaries_run_without_the_swift_toolchain(self):
        for name, version in [("gatherd", "gatherd 0.1.0"), ("gatherctl", "gatherctl 0.1.0")]:
            binary = self.path("bin", name)
            self.assertTrue(os.access(binary, os.X_OK), binary)
            libraries = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
            self.assertNotIn("libswiftCore", libraries, "%s must not need the toolchain's runtime" % name)
            self.assertEqual(subprocess.run([binary, "--version"], capture_output=True, text=True,
                                            env={"PATH": "/usr/bin:/bin"}).stdout.strip(), version)

    def test_every_unit_is_installed_and_points_at_the_installed_binary(self):
        for unit in ["gatherd.socket", "gatherd-status.socket", "gatherd.service", "gatherd@.socket",
                     "gatherd-status@.socket", "gatherd@.service"]:
            self.assertTrue(os.path.isfile(self.path("lib/systemd/system", unit)), unit)
        for unit in ["gatherd.socket", "gatherd.service"]:
            self.assertTrue(os.path.isfile(self.path("lib/systemd/user", unit)), "user " + unit)
        for service in [self.path("lib/systemd/system/gatherd.service"), self.path("lib/systemd/user/gatherd.service")]:
            with open(service) as f:
                self.assertIn("ExecStart=%s/bin/gatherd" % PREFIX, f.read())
        with open(self.path("lib/sysusers.d/gatherd.conf")) as f:
            self.assertIn("g gather", f.read())

    def test_man_pages_completions_and_docs_are_installed(self):
        for page, title in [("share/man/man1/gatherctl.1", "GATHERCTL 1"), ("share/man/man8/gatherd.8", "GATHERD 8")]:
            with open(self.path(page)) as f:
                self.assertIn(".Dt " + title, f.read())
        for script, marker in [("share/bash-completion/completions/gatherctl", "complete"),
                               ("share/zsh/site-functions/_gatherctl", "#compdef gatherctl"),
                               ("share/fish/vendor_completions.d/gatherctl.fish", "complete -c 'gatherctl'")]:
            with open(self.path(script)) as f:
                self.assertTrue(marker in f.read(), "%s lacks %r" % (script, marker))
        for doc in ["README.md", "protocol.md", "systemd.md", "architecture.md"]:
            self.assertTrue(os.path.isfile(self.path("share/doc/gatherd", doc)), doc)


if __name__ == "__main__":
    unittest.main()
