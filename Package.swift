// swift-tools-version: 6.2
// The manifest's format, not a tested floor: the tests run on Swift 6.3.1 (Linux), and a CI
// job pinned to Swift 6.2.0 builds and tests the package; the README names what was seen.
import PackageDescription

let package = Package(
    name: "EventBusKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EventBusKit", targets: ["EventBusKit"])
    ],
    dependencies: [],
    targets: [
        // MARK: Library
        .target(name: "EventBusKit", dependencies: ["CEventBusAtomics"]),
        // C11 atomics for the one word another thread may write (a token released off the
        // bus's isolation marks its recipient ended): `Synchronization.Atomic` needs
        // iOS 18 / macOS 15.
        .target(name: "CEventBusAtomics"),
        .testTarget(name: "EventBusKitTests", dependencies: ["EventBusKit"]),
        // Code written the way SwiftEventBus apps are (Swift 5, `NSObject` events, lists
        // without `any`), pinning that it compiles and behaves as the migration article says.
        .testTarget(
            name: "SwiftEventBusMigrationTests",
            dependencies: ["EventBusKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The code of the article "Using EventBusKit in an app" (its non-UI parts), compiled
        // and tested so the article cannot drift from what builds.
        .testTarget(name: "AppGuideTests", dependencies: ["EventBusKit"]),

        // MARK: Examples (executables with no product: clients never build them)
        .executableTarget(
            name: "quick-start",
            dependencies: ["EventBusKit"],
            path: "Examples/quick-start"
        ),
        // The prize app: its logic in a library target that its tests import, and a thin
        // `@main` (`swift run prize-app --demo`).
        .target(
            name: "PrizeApp",
            dependencies: ["EventBusKit"],
            path: "Examples/prize-app/Sources/PrizeApp"
        ),
        .executableTarget(
            name: "prize-app",
            dependencies: ["PrizeApp"],
            path: "Examples/prize-app/Sources/prize-app"
        ),
        .testTarget(
            name: "PrizeAppTests",
            dependencies: ["PrizeApp", "EventBusKit"],
            path: "Examples/prize-app/Tests"
        ),
        .executableTarget(
            name: "actor-service",
            dependencies: ["EventBusKit"],
            path: "Examples/actor-service",
            exclude: ["Golden"]
        ),
        .executableTarget(
            name: "async-stream",
            dependencies: ["EventBusKit"],
            path: "Examples/async-stream",
            exclude: ["Golden"]
        ),
        // Tests for the small examples, which keep their logic in their executables.
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["actor-service", "async-stream", "EventBusKit"],
            path: "Examples/Tests"
        ),

        // MARK: Benchmarks (`swift run -c release eventbus-benchmarks`; no product)
        .executableTarget(
            name: "eventbus-benchmarks",
            dependencies: ["EventBusKit", "CMallocCounter"],
            path: "Benchmarks/eventbus-benchmarks"
        ),
        // Counts heap allocations by interposing malloc (see its header for the method).
        .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),

        // MARK: Memory bounds (`swift run -c release memory-probe`; no product)
        // Checks that the bus's retained memory stays bounded under feedback loops, fan-out
        // and a million subscribe/cancel cycles, and that nothing leaks (also under valgrind).
        .executableTarget(
            name: "memory-probe",
            dependencies: ["EventBusKit"],
            path: "Benchmarks/memory-probe"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming features every target is built with, so the library, its tests and the
// examples are checked the way Swift 7 will check them:
// - ExistentialAny: `any Event` is spelled out wherever an existential is used.
// - MemberImportVisibility: a file sees only the members of modules it imports.
// - InferIsolatedConformances: a `@MainActor` type's conformance is isolated by default.
// - NonisolatedNonsendingByDefault: nonisolated async functions run on the caller's actor.
// The Swift 5 migration tests are the exception to ExistentialAny: they are written the way
// SwiftEventBus apps are, with `[Event.Type]` lists that do not spell `any`.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    if target.name != "SwiftEventBusMigrationTests" {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    settings.append(contentsOf: [
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InferIsolatedConformances"),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ])
    target.swiftSettings = settings
}
