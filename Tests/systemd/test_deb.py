"""`make deb` (run by `make test` before this suite, with GATHERD_DEB pointing at the package): what the .deb
holds, lintian, and the package installed, upgraded, removed and purged under real systemd (nspawn)."""
import os, re, shutil, subprocess, tempfile, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEB = os.environ.get("GATHERD_DEB")
#: Budgets for the installed, stripped binaries: today's sizes plus a little, so that growth is noticed.
#: docs/performance.md ("Binary sizes") says where they stand: gatherctl links FoundationEssentials through the
#: package's swift-argument-parser, and gatherd links no full Foundation or ICU (its own SQLite layer imports only
#: FoundationEssentials); gatherd's Web Push links swift-crypto (BoringSSL), about 3 MB of it, and gatherctl's
#: commands for the organiser's screens, pairing and offers took it to 16.2 MB.
SIZE_LIMITS = {"gatherctl": 16_750_000, "gatherd": 28_000_000}


def read_version():
    with open(os.path.join(REPO, "Sources/GatherRPC/VERSION")) as f:
        return f.read().strip()


@unittest.skipUnless(DEB, "GATHERD_DEB is not set; make test builds the package with make deb first")
class PackageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tree = tempfile.mkdtemp(prefix="gatherd-deb-")
        subprocess.run(["dpkg-deb", "-R", DEB, cls.tree], check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tree)

    def path(self, *parts):
        return os.path.join(self.tree, *parts)

    def field(self, name):
        return subprocess.run(["dpkg-deb", "-f", DEB, name], capture_output=True, text=True, check=True).stdout.strip()

    def test_version_and_depends(self):
        self.assertEqual(self.field("Version"), read_version())
        depends = self.field("Depends")
        for library in ["libc6", "libsqlite3-0", "libqrencode4", "init-system-helpers"]:
            self.assertIn(library, depends)
        self.assertNotRegex(depends, r"swift|libfoundation|libdispatch|libicu", depends)
        # Packed relative relocations (DT_RELR) need the dynamic loader of glibc 2.36.
        self.assertRegex(depends, r"libc6 \(>= 2\.(3[6-9]|[4-9][0-9])", depends)

    def test_contents(self):
        for name in ["gatherd.socket", "gatherd-status.socket", "gatherd.service", "gatherd@.socket",
                     "gatherd-status@.socket", "gatherd@.service", "gatherd-http.socket",
                     "gatherd-http@.socket", "gatherd-metrics.socket", "gatherd-metrics@.socket",
                     "gatherd-backup.timer", "gatherd-backup.service"]:
            self.assertTrue(os.path.isfile(self.path("usr/lib/systemd/system", name)), name)
        for name in ["gatherd.socket", "gatherd.service"]:
            self.assertTrue(os.path.isfile(self.path("usr/lib/systemd/user", name)), "user " + name)
        for name in ["usr/lib/sysusers.d/gatherd.conf", "usr/share/man/man1/gatherctl.1.gz",
                     "usr/share/man/man8/gatherd.8.gz", "usr/share/bash-completion/completions/gatherctl",
                     "usr/share/zsh/site-functions/_gatherctl", "usr/share/fish/vendor_completions.d/gatherctl.fish",
                     "usr/share/doc/gatherd/copyright", "usr/share/doc/gatherd/changelog.gz",
                     "usr/share/doc/gatherd/systemd.md", "usr/share/doc/gatherd/packaging.md"]:
            self.assertTrue(os.path.isfile(self.path(name)), name)
        for script in ["postinst", "prerm", "postrm"]:
            self.assertTrue(os.access(self.path("DEBIAN", script), os.X_OK), script)

    def test_the_configuration_file_is_a_conffile_as_shipped(self):
        with open(self.path("DEBIAN", "conffiles")) as f:
            self.assertEqual(f.read().split(), ["/etc/gatherd/gatherd.conf"])
        with open(self.path("etc/gatherd/gatherd.conf")) as f, open(os.path.join(REPO, "packaging/gatherd.conf")) as g:
            self.assertEqual(f.read(), g.read())
        self.assertEqual(os.stat(self.path("etc/gatherd/gatherd.conf")).st_mode & 0o777, 0o644)
        with open(self.path("DEBIAN", "md5sums")) as f:
            self.assertNotIn("etc/", f.read(), "dpkg keeps conffiles' sums itself")

    def test_binaries_are_stripped_and_small(self):
        for name, limit in SIZE_LIMITS.items():
            binary = self.path("usr/bin", name)
            sections = subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True).stdout
            self.assertNotIn(".symtab", sections, name + " is not stripped")
            self.assertNotIn(".debug_info", sections, name + " carries debug info")
            size = os.path.getsize(binary)
            print("\n%s: %.1f MB" % (name, size / 1e6), end="")
            self.assertLessEqual(size, limit, "%s is %.1f MB" % (name, size / 1e6))

    def test_every_unit_documents_installed_pages(self):
        units = [os.path.join(d, n) for d in [self.path("usr/lib/systemd/system"), self.path("usr/lib/systemd/user")]
                 for n in os.listdir(d)]
        for unit in units:
            with open(unit) as f:
                documentation = re.findall(r"^Documentation=(.*)$", f.read(), re.M)
            self.assertEqual(len(documentation), 1, unit)
            links = documentation[0].split()
            self.assertIn("man:gatherd(8)", links, unit)
            for link in links:
                self.assertRegex(link, r"^(man:|file:///usr/share/doc/gatherd/)", unit)
                if link.startswith("file://"):
                    self.assertTrue(os.path.isfile(self.path(link[len("file:///"):])), link)

    @unittest.skipUnless(shutil.which("lintian"), "lintian is not installed")
    def test_lintian_has_no_errors_and_every_warning_is_explained(self):
        result = subprocess.run(["lintian", "--no-tag-display-limit", DEB], capture_output=True, text=True)
        print("\n" + result.stdout.strip(), end="")
        tags = re.findall(r"^([EWX]): gatherd[^:]*: (\S+)", result.stdout, re.M)
        self.assertEqual([tag for kind, tag in tags if kind == "E"], [], result.stdout)
        with open(os.path.join(REPO, "docs/packaging.md")) as f:
            explained = f.read()
        for kind, tag in tags:
            self.assertIn("`%s`" % tag, explained, "docs/packaging.md must list the kept warning " + tag)


@unittest.skipUnless(DEB, "GATHERD_DEB is not set; make test builds the package with make deb first")
@unittest.skipUnless(os.geteuid() == 0, "booting a container needs root")
@unittest.skipUnless(shutil.which("systemd-nspawn"), "systemd-nspawn is not installed (apt-get install systemd-container)")
class PackageUnderSystemdTests(unittest.TestCase):
    def test_install_upgrade_remove_purge_under_real_systemd(self):
        work = tempfile.mkdtemp(prefix="gatherd-deb-upgrade-")
        self.addCleanup(shutil.rmtree, work)
        # The same package at a higher version: what an upgrade does is the maintainer scripts' business.
        subprocess.run(["dpkg-deb", "-R", DEB, work + "/root"], check=True)
        control = work + "/root/DEBIAN/control"
        with open(control) as f:
            text = f.read()
        with open(control, "w") as f:
            f.write(re.sub(r"^Version: (.*)$", r"Version: \1+upgrade1", text, flags=re.M))
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "-b", work + "/root", work + "/upgrade.deb"],
                       check=True, capture_output=True)
        result = subprocess.run([os.path.join(HERE, "run_nspawn_deb.sh"), DEB, work + "/upgrade.deb"],
                                capture_output=True, text=True, timeout=400)
        lines = [l for l in result.stdout.splitlines() if "python3[" in l or "nspawn:" in l]
        print("\n" + "\n".join(lines))
        self.assertEqual(result.returncode, 0, result.stdout[-4000:] + result.stderr[-2000:])


if __name__ == "__main__":
    unittest.main()
