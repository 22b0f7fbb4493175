import Testing

@testable import EventBusKit

// Each test declares its own consumer types: a warning is given once per type, process-wide.

@Suite(.noUnexpectedProblems) struct MigrationDiagnosticsTests {
    @Test func aConsumerWhoseExcludeListNamesNoEventIsWarnedAboutOnceForItsType() {
        final class Migrated: EventConsumer {
            var willConsume: [any Event.Type] { [Num.self] }
            var excludeList: [any Event.Type] { [NoEvent.self] }
            func consume(_ event: any Event) {}
        }
        #expect(MigrationDiagnostics.warnings(about: Migrated.self) == [])

        let first = EventBus()
        var problems: [EventBus.Problem] = []
        first.onProblem = { problems.append($0) }
        let kept = Migrated()
        first.register(kept)
        first.register(Migrated())
        let second = EventBus()
        second.onProblem = { problems.append($0) }
        second.registerWeakly(kept)

        let what = "Migrated.excludeList's NoEvent excludes nothing"
        // Through the problem channel, once for the type: not again for a second instance,
        // nor on another bus.
        #expect(
            problems.map(\.kind) == (MigrationDiagnostics.isEnabled ? [.swiftEventBusHabit] : []))
        #expect(
            problems.map(\.message)
                == (MigrationDiagnostics.isEnabled
                    ? [what + "; to get every event, list AllEvent in willConsume"] : []))
        #expect(
            MigrationDiagnostics.warnings(about: Migrated.self)
                == (MigrationDiagnostics.isEnabled ? [what] : []))
    }

    @Test func aConsumerListingAllEventInWillConsumeIsNotWarnedAbout() {
        final class ReceivesEverything: EventConsumer {
            var willConsume: [any Event.Type] { [AllEvent.self] }
            var excludeList: [any Event.Type] { [NoEvent.self] }
            func consume(_ event: any Event) {}
        }
        EventBus().register(ReceivesEverything())
        #expect(MigrationDiagnostics.warnings(about: ReceivesEverything.self) == [])
    }

    @Test func theOtherWildcardPlacesAreNotWarnedAbout() {
        final class Muted: EventConsumer {
            var willConsume: [any Event.Type] { [NoEvent.self] }
            var excludeList: [any Event.Type] { [AllEvent.self] }
            func consume(_ event: any Event) {}
        }
        EventBus().register(Muted())
        #expect(MigrationDiagnostics.warnings(about: Muted.self) == [])
    }

    @Test func theHintNamesTheConsumerType() {
        let message = MigrationDiagnostics.excludeListNamesNoEvent(RecordingConsumer.self)
        #expect(message.description == "RecordingConsumer.excludeList's NoEvent excludes nothing")
    }
}
