import EventBusKit

/// The prize app assembled: one bus, its four consumers, and the screens' buttons.
///
/// It registers, in this order, ``FlowController`` (routing), ``RewardModel`` (the reward
/// rule), ``AnalyticsMediator`` (page views to an ``AnalyticsSink``) and ``Logger`` (the bus's
/// announcements), then launches on Screen One; the screen on top, a ``ScreenController``,
/// observes the reward state while it is shown. From then on, ``perform(_:)`` taps a button of the current
/// screen, which dispatches the button's event; the consumers do the rest.
///
/// ```swift
/// let log = TextBuffer()
/// let app = PrizeApplication(analyticsSink: RecordingAnalyticsSink(), log: log)
/// app.perform(.open(.screenThree))
/// app.flow.stack               // [.screenOne, .screenThree]
/// app.currentView.showsPrize   // true
/// ```
///
/// It lives on the main actor, as an app's object graph does: the bus it owns is not
/// `Sendable` and never leaves it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class PrizeApplication {
    /// The bus every event of the app travels on.
    public let bus: EventBus
    /// Navigation and the screen on top.
    public let flow: FlowController
    /// The reward rule.
    public let model: RewardModel
    /// Page views to analytics.
    public let analytics: AnalyticsMediator
    /// The bus's announcements to `log`.
    public let logger: Logger
    /// What the bus did since before the launch, when the app was made with `tracing`.
    public let trace: EventTrace?

    /// Assembles the app and launches it on Screen One.
    ///
    /// Launching dispatches `NavigationEvent(destination: screenOne)`, so the first log lines
    /// and the first analytics hit are written before this returns. With `tracing`, the bus
    /// records every pass from the launch on in ``trace``.
    /// - Parameters:
    ///   - analyticsSink: Where page views go.
    ///   - log: Where the logger writes.
    ///   - tracing: Whether to record what the bus does in ``trace``; `false` by default.
    public init(analyticsSink: any AnalyticsSink, log: any OutputSink, tracing: Bool = false) {
        let bus = EventBus()
        self.bus = bus
        trace = tracing ? bus.startTracing() : nil
        flow = FlowController(bus: bus)
        model = RewardModel(bus: bus)
        analytics = AnalyticsMediator(sink: analyticsSink)
        logger = Logger(output: log)
        bus.register(flow)
        bus.register(model)
        bus.register(analytics)
        bus.register(logger)
        bus.dispatch(NavigationEvent(destination: .screenOne))
    }

    /// The screen the user sees now.
    public var currentView: ScreenView {
        ScreenView(stack: flow.stack, showsPrize: flow.visibleScreen?.showsPrize ?? false)
    }

    /// Taps the current screen's button for `command`.
    ///
    /// - Parameter command: ``Command/open(_:)``, ``Command/back`` or ``Command/claim``.
    /// - Returns: `nil` when a button was tapped, or a sentence for the user saying why the
    ///   screen has no such button (the event is then not dispatched).
    @discardableResult
    public func perform(_ command: Command) -> String? {
        let view = currentView
        guard let button = view.button(for: command) else {
            return view.noButtonMessage(for: command)
        }
        bus.dispatch(button.event)
        return nil
    }

    /// Sends the analytics hits still held by the sink; call it when the app quits.
    public func finish() {
        analytics.sink.flush()
    }
}
