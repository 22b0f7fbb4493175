import EventBusKit
import PrizeApp
import Testing

/// The text UI draws the screen as a SwiftUI view renders its body: Observation tracks the
/// reward state the screen read, and a change of it, whoever dispatched it, redraws it.
@MainActor
@Suite struct CommandLoopTests {
    /// An input that, before handing out the line at `index`, runs `action` (an event from
    /// outside the loop, such as a server push or a timer).
    final class InputWithPush: InputSource {
        private var lines: [String]
        private var read = 0
        private let index: Int
        private let action: () -> Void

        init(_ lines: [String], before index: Int, _ action: @escaping () -> Void) {
            self.lines = lines
            self.index = index
            self.action = action
        }

        func nextLine() -> String? {
            guard read < lines.count else { return nil }
            if read == index { action() }
            read += 1
            return lines[read - 1]
        }
    }

    /// The transcript of a loop over a fresh app, with `push` run before line `index`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func transcript(
        _ lines: [String], pushBefore index: Int, _ push: @escaping (EventBus) -> Void
    ) -> [String] {
        let activity = TextBuffer()
        let output = TextBuffer()
        let app = PrizeApplication(analyticsSink: RecordingAnalyticsSink(), log: activity)
        let loop = CommandLoop(
            app: app, activity: activity, output: output, errors: TextBuffer(),
            style: .transcript)
        let input = InputWithPush(lines, before: index) { push(app.bus) }
        #expect(loop.run(input, endOfInput: .quits) == 0)
        return output.lines
    }

    /// What the transcript shows before the first command: the launch's log and Screen One.
    let launch =
        [
            "[Logger] FlowController consumed NavigationEvent(destination: screenOne)",
            "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenOne)",
        ] + TextRenderer.render(ScreenView(stack: [.screenOne], showsPrize: false))
    /// What `help` writes.
    let help = ["Commands:"] + Command.helpLines

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aRewardStateChangeFromOutsideACommandRedrawsTheScreenAfterTheNextCommand() {
        let lines = transcript(["help", "help"], pushBefore: 1) { bus in
            bus.dispatch(UserQualifiedForRewardEvent())
        }
        let offered = TextRenderer.render(ScreenView(stack: [.screenOne], showsPrize: true))
        #expect(
            lines == launch + ["> help"] + help + ["> help"]
                + [
                    "[Logger] \(RewardObserver.qualified) consumed UserQualifiedForRewardEvent()"
                ] + help + offered + ["Bye."])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anEventTheScreenDoesNotShowRedrawsNothing() {
        let lines = transcript(["help", "help"], pushBefore: 1) { bus in
            bus.dispatch(NavigationEvent(destination: .screenOne))  // already on top
        }
        #expect(
            lines == launch + ["> help"] + help + ["> help"]
                + ["[Logger] FlowController consumed NavigationEvent(destination: screenOne)"]
                + help + ["Bye."])
    }
}
