/// One analytics hit, in the shape an analytics vendor receives it.
///
/// ``AnalyticsMediator`` numbers the hits from 1 in the order the page views were dispatched;
/// nothing in a record depends on the clock, so a journey always produces the same records.
public struct AnalyticsRecord: Codable, Equatable, Sendable {
    /// The hit's position in the session, from 1.
    public let sequence: Int
    /// The vendor's event name: `page_view`, or `reward_page_view` for a reward screen.
    public let event: String
    /// The screen that was viewed (`screenThree`).
    public let screen: String

    /// Creates a record.
    /// - Parameters:
    ///   - sequence: The hit's position in the session, from 1.
    ///   - event: The vendor's event name.
    ///   - screen: The screen that was viewed.
    public init(sequence: Int, event: String, screen: String) {
        self.sequence = sequence
        self.event = event
        self.screen = screen
    }
}
