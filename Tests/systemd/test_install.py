"""`make install DESTDIR=…` (run by `make test` before this suite, with GATHERD_INSTALL_ROOT pointing at the
staged tree, after a plain `swift build -c release` whose bin folder is GATHERD_PLAIN_RELEASE_BIN): the
binaries are stripped and need no toolchain whatever was built before, the units point at the installed
binary and docs, and the man pages, completions, sysusers file and docs are in place."""
import os, re, subprocess, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
ROOT = os.environ.get("GATHERD_INSTALL_ROOT")
PREFIX = os.environ.get("GATHERD_INSTALL_PREFIX", "/usr/local")
PLAIN_RELEASE_BIN = os.environ.get("GATHERD_PLAIN_RELEASE_BIN")
#: What a binary built without --static-swift-stdlib loads from the toolchain.
TOOLCHAIN_LIBRARIES = re.compile(r"libswift\w*|libFoundation\w*|libdispatch|libBlocksRuntime")
with open(os.path.join(REPO, "Sources/GatherRPC/VERSION")) as version_file:
    VERSION = version_file.read().strip()


@unittest.skipUnless(ROOT, "GATHERD_INSTALL_ROOT is not set; make test stages an install there")
class InstallTests(unittest.TestCase):
    def path(self, *parts):
        return os.path.join(ROOT, PREFIX.lstrip("/"), *parts)

    def test_the_binaries_run_without_the_swift_toolchain(self):
        names = sorted(os.listdir(self.path("bin")))
        self.assertEqual(names, ["gatherctl", "gatherd"])
        for name in names:
            binary = self.path("bin", name)
            self.assertTrue(os.access(binary, os.X_OK), binary)
            libraries = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
            self.assertIsNone(TOOLCHAIN_LIBRARIES.search(libraries), "%s loads from the toolchain:\n%s" % (name, libraries))
            self.assertNotIn("RUNPATH", subprocess.run(["readelf", "-d", binary], capture_output=True, text=True).stdout)
            sections = subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True).stdout
            self.assertNotIn(".symtab", sections, name + " is installed stripped")
            self.assertEqual(subprocess.run([binary, "--version"], capture_output=True, text=True,
                                            env={"PATH": "/usr/bin:/bin"}).stdout.strip(), name + " " + VERSION)

    @unittest.skipUnless(PLAIN_RELEASE_BIN, "GATHERD_PLAIN_RELEASE_BIN is not set; make test builds one first")
    def test_a_plain_release_build_in_the_checkout_is_not_what_gets_installed(self):
        # The plain build loads the toolchain's runtime: had install used it, the test above would fail.
        libraries = subprocess.run(["ldd", os.path.join(PLAIN_RELEASE_BIN, "gatherctl")], capture_output=True,
                                   text=True).stdout
        self.assertRegex(libraries, TOOLCHAIN_LIBRARIES, "the plain release build was expected to be dynamic")

    def test_every_unit_is_installed_and_points_at_the_installed_binary(self):
        for unit in ["gatherd.socket", "gatherd-status.socket", "gatherd.service", "gatherd@.socket",
                     "gatherd-status@.socket", "gatherd@.service", "gatherd-http.socket",
                     "gatherd-http@.socket", "gatherd-metrics.socket", "gatherd-metrics@.socket",
                     "gatherd-backup.timer", "gatherd-backup.service"]:
            self.assertTrue(os.path.isfile(self.path("lib/systemd/system", unit)), unit)
        for unit in ["gatherd.socket", "gatherd.service"]:
            self.assertTrue(os.path.isfile(self.path("lib/systemd/user", unit)), "user " + unit)
        for service in [self.path("lib/systemd/system/gatherd.service"), self.path("lib/systemd/user/gatherd.service")]:
            with open(service) as f:
                self.assertIn("ExecStart=%s/bin/gatherd" % PREFIX, f.read())
        with open(self.path("lib/sysusers.d/gatherd.conf")) as f:
            self.assertIn("g gather", f.read())

    def test_every_unit_documents_the_man_page_and_the_installed_docs(self):
        for folder in ["lib/systemd/system", "lib/systemd/user"]:
            for name in os.listdir(self.path(folder)):
                with open(self.path(folder, name)) as f:
                    links = re.search(r"^Documentation=(.*)$", f.read(), re.M).group(1).split()
                self.assertEqual(links[0], "man:gatherd(8)", name)
                for link in links[1:]:
                    self.assertTrue(link.startswith("file://%s/share/doc/gatherd/" % PREFIX), link)
                    self.assertTrue(os.path.isfile(os.path.join(ROOT, link[len("file:///"):])), link)

    def test_man_pages_completions_and_docs_are_installed(self):
        for page, title in [("share/man/man1/gatherctl.1", "GATHERCTL 1"), ("share/man/man8/gatherd.8", "GATHERD 8")]:
            with open(self.path(page)) as f:
                self.assertIn(".Dt " + title, f.read())
        for script, marker in [("share/bash-completion/completions/gatherctl", "complete"),
                               ("share/zsh/site-functions/_gatherctl", "#compdef gatherctl"),
                               ("share/fish/vendor_completions.d/gatherctl.fish", "complete -c 'gatherctl'")]:
            with open(self.path(script)) as f:
                text = f.read()
            self.assertTrue(marker in text, "%s lacks %r" % (script, marker))
            self.assertFalse(text.startswith("#!"), script + " is sourced, not run: no #! line")
        for doc in ["README.md", "protocol.md", "systemd.md", "architecture.md", "monitoring.md"]:
            self.assertTrue(os.path.isfile(self.path("share/doc/gatherd", doc)), doc)

    def test_the_configuration_file_goes_to_etc_whatever_the_prefix(self):
        with open(os.path.join(ROOT, "etc/gatherd/gatherd.conf")) as f, \
                open(os.path.join(REPO, "packaging/gatherd.conf")) as g:
            self.assertEqual(f.read(), g.read())


if __name__ == "__main__":
    unittest.main()
