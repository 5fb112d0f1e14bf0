// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "todo-report",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "TimeTravel", targets: ["TimeTravel"]),
        .library(name: "TodoDomain", targets: ["TodoDomain"]),
        .library(name: "SessionLog", targets: ["SessionLog"]),
        .library(name: "Report", targets: ["Report"]),
        .library(name: "Redaction", targets: ["Redaction"]),
        .executable(name: "todo-report", targets: ["todo-report"]),
    ],
    targets: [
        // The generic time-travel core: a state machine and a store that keeps every state.
        .target(name: "TimeTravel"),
        // The Todo app's state, events and reducer.
        .target(name: "TodoDomain", dependencies: ["TimeTravel"]),
        // `todo-session/1`: streaming reader with diagnostics, replay, recorder.
        .target(name: "SessionLog", dependencies: ["TimeTravel", "TodoDomain", "Digests", "Redaction"]),
        // libcmark, from the system.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Nettle's SHA-256 and base64, for the page's Content-Security-Policy hashes.
        // Nettle rather than OpenSSL: Homebrew's nettle is linked into the prefix, so
        // pkg-config finds it on macOS too (openssl@3 is keg-only and needs PKG_CONFIG_PATH).
        .systemLibrary(
            name: "CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"]), .brew(["nettle"])]
        ),
        // SHA-256, HMAC-SHA256 and base64 over Nettle, for page hashes, state digests and pseudonyms.
        .target(name: "Digests", dependencies: ["CNettle"]),
        // Masks and keyed pseudonyms, so reports can be shared without what people typed.
        .target(name: "Redaction", dependencies: ["Digests"]),
        // zlib's inflate, for `.jsonl.gz` logs read as a stream.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Linux file-system calls Swift's Glibc module leaves out (syncfs), for batch outputs.
        .systemLibrary(name: "CFileSystem"),
        // The HTML page and the Markdown summary.
        .target(
            name: "Report",
            dependencies: ["SessionLog", "TodoDomain", "CCmark", "Digests"],
            plugins: ["EmbedTemplates"]
        ),
        // The command line, as a library so tests run it in-process.
        .target(
            name: "TodoReportCLI",
            dependencies: ["Report", "SessionLog", "TodoDomain", "TimeTravel", "CZlib", "CFileSystem", "Redaction"]),
        .executableTarget(name: "todo-report", dependencies: ["TodoReportCLI"]),

        // Build-time: Templates/* become Swift string constants, so the binary travels alone.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),

        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "RedactionTests", dependencies: ["Redaction"]),
        .testTarget(name: "TimeTravelTests", dependencies: ["TimeTravel"]),
        .testTarget(name: "TodoDomainTests", dependencies: ["TodoDomain", "TimeTravel"]),
        .testTarget(name: "SessionLogTests", dependencies: ["SessionLog", "TodoDomain", "TimeTravel", "Redaction"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "SessionLog", "TodoDomain", "CCmark", "Digests", "Redaction"]),
        .testTarget(name: "TodoReportCLITests", dependencies: ["TodoReportCLI", "SessionLog", "TodoDomain"]),
        // Real headless Chromium loads generated reports from file:// (Debian's `chromium`).
        .testTarget(name: "BrowserTests", dependencies: ["Report", "SessionLog", "TodoDomain", "Redaction"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
