// swift-tools-version: 6.0
import PackageDescription

/// `TODO_REPORT_PORTABLE_DIGESTS=1 swift build` builds Digests on Linux as on every
/// other platform (the Swift SHA-256, no Nettle). The Swift code is tested against
/// Nettle in every Linux build; Scripts/test builds Digests this way, in a build
/// folder of its own, to check that the backend an iOS app gets compiles in its place
/// (Nettle's backends are internal to Digests, so nothing else can depend on them).
let portableDigests = Context.environment["TODO_REPORT_PORTABLE_DIGESTS"] == "1"

let package = Package(
    name: "todo-report",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "TimeTravel", targets: ["TimeTravel"]),
        .library(name: "TodoDomain", targets: ["TodoDomain"]),
        .library(name: "SessionLog", targets: ["SessionLog"]),
        .library(name: "SessionComparison", targets: ["SessionComparison"]),
        .library(name: "SessionTesting", targets: ["SessionTesting"]),
        .library(name: "Report", targets: ["Report"]),
        .library(name: "Redaction", targets: ["Redaction"]),
        .executable(name: "todo-report", targets: ["todo-report"]),
    ],
    targets: [
        // The bottom layer for bytes, below every other module: hex digits, UUID text, FNV-1a,
        // plain-byte scanning, UTF-8 checking, the escaping loop, and reads and writes that
        // survive EINTR. A `package` API with `@inlinable package` fast paths; pure Swift, so it
        // builds on iOS with SwiftPM alone (on Linux it also sees two declarations of CFileSystem).
        .target(
            name: "ByteLevel",
            dependencies: [.target(name: "CFileSystem", condition: .when(platforms: [.linux]))]
        ),
        // The generic time-travel core: a state machine and a store that keeps every state.
        .target(name: "TimeTravel"),
        // The Todo app's state, events and reducer.
        .target(name: "TodoDomain", dependencies: ["TimeTravel"]),
        // The `todo-session/1` codec: a line's bytes to a record or diagnostics and a record to
        // its line, the state digest the format defines, and redaction as a line is read.
        .target(name: "SessionLogCodec", dependencies: ["ByteLevel", "TodoDomain", "Digests", "Redaction"]),
        // Replaying a log through the app's reducer (reading threads, spill storage), and the
        // recorder, which writes a Store's changes to a log and resumes one by replaying it.
        .target(name: "SessionLog", dependencies: ["ByteLevel", "SessionLogCodec", "TimeTravel", "TodoDomain"]),
        // Two sessions compared frame by frame, as `diff` does, and two states field by field.
        .target(name: "SessionComparison", dependencies: ["ByteLevel", "SessionLog", "SessionLogCodec", "TodoDomain"]),
        // Recorded sessions as regression tests: fixtures that pin every frame, checked through a Store.
        .target(
            name: "SessionTesting",
            dependencies: ["SessionComparison", "SessionLog", "SessionLogCodec", "TimeTravel", "TodoDomain"]),
        // libcmark, from the system.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Nettle's SHA-256 and HMAC-SHA256, on Linux only (see Digests).
        .systemLibrary(
            name: "CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"])]
        ),
        // SHA-256, HMAC-SHA256 and base64, for page hashes, state digests and pseudonyms.
        // SessionLog (what an app links) needs them, so they must build with SwiftPM alone
        // on iOS and macOS: there they are Swift (PortableSHA256), with no C library and no
        // Homebrew. On Linux they run on the system's Nettle, which uses the processor's SHA
        // instructions: a replay that checks state digests hashes megabytes per digest.
        // CryptoKit is not used: it does not exist on Linux, so the code an app would run
        // could not be built or tested where this package's CI runs; the Swift code can be,
        // and is (see portableDigests).
        .target(
            name: "Digests",
            dependencies: ["ByteLevel"] + (portableDigests ? [] : [.target(name: "CNettle", condition: .when(platforms: [.linux]))]),
            swiftSettings: portableDigests ? [.define("PORTABLE_DIGESTS")] : []
        ),
        // Masks and keyed pseudonyms, so reports can be shared without what people typed.
        .target(name: "Redaction", dependencies: ["ByteLevel", "Digests"]),
        // zlib's inflate, for `.jsonl.gz` logs read as a stream.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Linux file-system calls Swift's Glibc module leaves out: syncfs, for batch outputs, and
        // renameat2, for outputs on file systems without hard links.
        .systemLibrary(name: "CFileSystem"),
        // The HTML page and the Markdown summary.
        .target(
            name: "Report",
            dependencies: [
                "ByteLevel", "SessionComparison", "SessionLog", "SessionLogCodec", "TodoDomain", "CCmark", "Digests", "Redaction",
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The command line, as a library so tests run it in-process.
        .target(
            name: "TodoReportCLI",
            dependencies: [
                "ByteLevel", "Report", "SessionComparison", "SessionLog", "SessionTesting", "TodoDomain", "TimeTravel", "CZlib",
                "CFileSystem", "Digests", "Redaction",
            ]),
        .executableTarget(name: "todo-report", dependencies: ["TodoReportCLI"]),

        // Build-time: Templates/* become Swift string constants, so the binary travels alone,
        // and their scripts and stylesheets are minified (TemplateMinifier): every page carries them.
        .target(name: "TemplateMinifier"),
        .executableTarget(name: "TemplateEmbedder", dependencies: ["TemplateMinifier"]),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),

        .testTarget(name: "TemplateMinifierTests", dependencies: ["TemplateMinifier"]),
        .testTarget(name: "ByteLevelTests", dependencies: ["ByteLevel"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests", "ByteLevel"]),
        .testTarget(name: "RedactionTests", dependencies: ["Redaction"]),
        .testTarget(name: "TimeTravelTests", dependencies: ["TimeTravel"]),
        .testTarget(name: "TodoDomainTests", dependencies: ["TodoDomain", "TimeTravel"]),
        .testTarget(name: "SessionLogCodecTests", dependencies: ["ByteLevel", "SessionLogCodec", "TodoDomain"]),
        .testTarget(name: "SessionLogTests", dependencies: ["ByteLevel", "SessionLog", "TodoDomain", "TimeTravel", "Redaction"]),
        .testTarget(
            name: "SessionTestingTests", dependencies: ["SessionComparison", "SessionTesting", "SessionLog", "TodoDomain", "TimeTravel"]),
        .testTarget(
            name: "ReportTests", dependencies: ["ByteLevel", "Report", "SessionLog", "TodoDomain", "CCmark", "Digests", "Redaction"]),
        .testTarget(
            name: "TodoReportCLITests", dependencies: ["ByteLevel", "TodoReportCLI", "Report", "SessionLog", "TodoDomain", "TimeTravel"]),
        // Real headless Chromium loads generated reports from file:// (Debian's `chromium`).
        .testTarget(name: "BrowserTests", dependencies: ["ByteLevel", "Report", "SessionLog", "TodoDomain", "Redaction"]),
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
