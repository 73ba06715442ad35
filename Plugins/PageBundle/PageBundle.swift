import Foundation
import PackagePlugin

/// Builds the scoreboard page that gatherd serves from the files in the target's `Scoreboard` folder: Debian's
/// esbuild bundles its modules, gzip and brotli encode every file, and the result is one Swift source file with
/// every served file and its encodings in it (build_page.py beside this file says what is served, and how).
/// It runs again whenever a file of the page, or of the build itself, changes; adding or removing a file of the
/// page needs no change here or in Package.swift.
@main struct PageBundle: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let source = target.directoryURL.appending(path: "Scoreboard")
    let scripts = context.package.directoryURL.appending(path: "Plugins/PageBundle")
    let work = context.pluginWorkDirectoryURL
    let output = work.appending(path: "WebAssets+Built.swift")
    return [
      .buildCommand(
        displayName: "Building the scoreboard page (esbuild, gzip, brotli)",
        executable: URL(filePath: "/usr/bin/env"),
        arguments: [
          "python3", scripts.appending(path: "build_page.py").path(), "--source", source.path(),
          "--work", work.appending(path: "page").path(), "--output", output.path(),
        ],
        environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
        inputFiles: try files(in: source) + files(in: scripts),
        outputFiles: [output])
    ]
  }

  /// Every file under `folder`, so that a change to any of them builds the page again.
  private func files(in folder: URL) throws -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    return try walker.compactMap { item in
      guard let url = item as? URL, try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true
      else { return nil }
      return url
    }
  }
}
