//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Argument Parser open source project
//
// Copyright (c) 2025 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// gatherd: changed from upstream 1.8.2, which imported FoundationEssentials
// here (and nowhere else) for LocalizedError and JSONEncoder; statically
// linked, that import cost gatherctl about 7.5 MB. See ../../../README.md.

internal import CLIArgumentParserToolInfo

extension Error {
  func describe() -> String {
    // Upstream first asks LocalizedError for an errorDescription; without
    // Foundation there is no LocalizedError, and this is upstream's fallback:
    // a CustomStringConvertible error's description, as before.
    String(describing: self)
  }
}

enum JSONEncoder {
  /// The tool info as upstream's JSONEncoder wrote it on Linux, with
  /// `.prettyPrinted` and `.sortedKeys` (see ToolInfoJSON.swift in CLIArgumentParserToolInfo).
  static func encode(_ value: ToolInfoV0) -> String {
    ToolInfoJSON.prettyPrinted(value)
  }
}
