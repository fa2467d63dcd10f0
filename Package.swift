// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "report-batch",
    products: [
        .executable(name: "report-batch", targets: ["report-batch"])
    ],
    // Each package pinned to one version (issue 52): the same clock gives the same bytes, and
    // Sources/ReportGen/HTML/PageTemplate+Parser.swift mirrors swift-mustache 2.1.1's parser.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // SHA-256 of every file a run writes (and, for e-mail delivery, HMAC).
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    ],
    targets: [
        // C libraries from Debian, each behind a modulemap and a shim header.
        .systemLibrary(
            name: "CXlsxWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        // Its pkg-config file is pangocairo's less -pthread, written by scripts/install-deps.sh.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "report-batch-pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),

        // zlib: the pdf post-step inflates a page stream cairo has deflated (ProcessSetup asks it not to).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libdeflate: the pdfs' page streams, deflated once (PDFRewrite.swift).
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CLibCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // A small Swift face on libpq: connect, statements with parameters, COPY streamed.
        .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
        // A small Swift face on libcurl's easy interface for SMTP uploads and HTTP requests: every status checked.
        .target(name: "CurlClient", dependencies: ["CLibCurl"]),

        // The built-in templates: each file of Templates/ embedded from there, the one copy of it
        // (BuiltInTemplate; `report-batch templates --write DIR` writes them for --templates DIR).
        .target(
            name: "BuiltInTemplates",
            path: "Templates",
            exclude: ["README.md"],
            resources: [
                .embedInCode("report.html.mustache"), .embedInCode("list.html.mustache"),
                .embedInCode("email.txt.mustache"), .embedInCode("email.html.mustache"),
                .embedInCode("summary.txt.mustache"), .embedInCode("summary.html.mustache"),
                .embedInCode("report.yaml"), .embedInCode("lists.yaml"), .embedInCode("palette.yaml"),
            ]
        ),

        // The bottom every layer stands on: errors and exit codes, quoting in messages, byte
        // sinks, written files and output targets, atomic and temporary files.
        .target(name: "Core"),

        // Pure domain logic: models, enums, date ranges, filters, figures; the run's clock,
        // shards and slugs.
        // The app's metric registry is a data file built into the program (docs/metrics.md).
        .target(
            name: "Aggregation",
            dependencies: ["Core"],
            resources: [.embedInCode("Metrics/metric-registry.tsv")]
        ),

        // Format writers (csv, xlsx, pdf) with no knowledge of recruiting.
        .target(name: "Exporters", dependencies: ["Core", "CXlsxWriter", "CPangoCairo", "CZlib", "CLibDeflate"]),

        // The app's tables: the schema, FamilySource and the SQLite source, PostgreSQL snapshots.
        .target(
            name: "AppStore",
            dependencies: [
                "Aggregation",
                "Core",
                "PostgresClient",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // Report and list files from Aggregation's figures, through Exporters; the templates;
        // the lists' filter table (the command line declares its options).
        .target(
            name: "ReportGen",
            dependencies: [
                "Aggregation",
                "Exporters",
                "Core",
                "BuiltInTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),

        // The weekly recap: recipients, the message, SMTP and sendmail.
        .target(
            name: "Delivery",
            dependencies: [
                "Aggregation",
                "Exporters",
                "Core",
                "ReportGen",
                "BuiltInTemplates",
                "CurlClient",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Job files, the run of a family in stages, shards, locks, summaries; the run's monitors (pings and
        // pushes through CurlClient, the app's cron_runs through PostgresClient).
        .target(
            name: "Batch",
            dependencies: [
                "Aggregation",
                "Exporters",
                "Core",
                "AppStore",
                "ReportGen",
                "Delivery",
                "BuiltInTemplates",
                "CurlClient",
                "PostgresClient",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // A seedable random number generator: the demo data and the property tests.
        .target(name: "SeededRandom"),

        // The demo database: realistic, deterministic families for trying the tool and for benchmarks.
        .target(
            name: "DemoData",
            dependencies: [
                "Aggregation", "AppStore", "Core", "SeededRandom", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),

        // The command line: thin subcommands over Batch.
        .executableTarget(
            name: "report-batch",
            dependencies: [
                "Batch",
                "Delivery",
                "ReportGen",
                "AppStore",
                "Core",
                "Exporters",
                "DemoData",
                "Aggregation",
                "BuiltInTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Shared by the test targets, in three layers so that a target's tests build only what
        // they test: temporary folders, process helpers, tags, goldens and the test servers
        // (nothing of the package); the fixture database built in code (AppStore); a batch job
        // run in the test's process (Batch).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(
            name: "TestFixtures",
            dependencies: ["Aggregation", "AppStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/TestFixtures"
        ),
        .target(
            name: "BatchTestSupport",
            dependencies: ["Aggregation", "Core", "ReportGen", "Batch", "TestSupport"],
            path: "Tests/BatchTestSupport"
        ),
        .testTarget(name: "CoreTests", dependencies: ["Core", "SeededRandom", "TestSupport"]),
        .testTarget(name: "AggregationTests", dependencies: ["Aggregation", "Core", "SeededRandom"]),
        // Goldens are read from the source tree by path (TestSupport.Golden), not bundled.
        .testTarget(
            name: "ExportTests",
            dependencies: ["Exporters", "Core", "TestSupport", "CPangoCairo"],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "AppStoreTests",
            dependencies: [
                "Aggregation", "Core", "AppStore", "TestSupport", "TestFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ReportGenTests",
            // Reports and lists of families read from databases built in code (TestFixtures) and from the
            // demo's (DemoData); nothing of Batch: a list's interactions are streamed from the database
            // through the tests' own copy of Batch's feed (InteractionFeed+Source.swift).
            dependencies: [
                "Aggregation", "Exporters", "Core", "AppStore", "ReportGen", "DemoData", "SeededRandom", "TestSupport",
                "TestFixtures",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "DeliveryTests",
            dependencies: ["Aggregation", "Core", "Delivery", "TestSupport"]
        ),
        .testTarget(
            name: "BatchTests",
            dependencies: [
                "Aggregation", "Core", "Exporters", "AppStore", "ReportGen", "Delivery", "Batch", "DemoData",
                "TestSupport", "TestFixtures", "BatchTestSupport",
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport", "TestFixtures", "report-batch", "Aggregation", "Core", "AppStore", "Exporters",
                "ReportGen", "Delivery", "Batch", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Against a real PostgreSQL server that the tests start (TestSupport.PostgresServer).
        .testTarget(
            name: "PostgresTests",
            dependencies: ["TestSupport", "report-batch", "PostgresClient"]
        ),
    ]
)

// scripts/fuzz.sh builds the job-file reader's libFuzzer target through SwiftPM with this set;
// an ordinary build never sees it (libFuzzer provides its main).
// REPORT_BATCH_FUZZ_RUNTIME names libFuzzer's runtime without a main of its own.
if ProcessInfo.processInfo.environment["REPORT_BATCH_FUZZ"] == "1",
    let runtime = ProcessInfo.processInfo.environment["REPORT_BATCH_FUZZ_RUNTIME"]
{
    package.targets.append(
        .executableTarget(
            name: "FuzzJobFile",
            dependencies: ["Batch", "Core"],
            path: "fuzz/JobFile",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=address", "-Xlinker", runtime, "-lstdc++"])]
        )
    )
}
