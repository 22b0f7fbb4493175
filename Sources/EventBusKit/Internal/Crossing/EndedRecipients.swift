/// The recipients that tokens ended, on any thread, since the bus last took them from its
/// inbox: the bus removes exactly these (see `Inbox.requestSweep(of:)`), with no sweep of
/// the others. The first two are kept inline (``FewValues``), so that one or two tokens
/// released between two takes, the common case (a view drops its tokens together), allocate
/// nothing.
///
/// Why `@unchecked Sendable` is sound: a thread that hands a recipient over only moves the
/// reference (reference counts are atomic), having set the recipient's state word with an
/// atomic read-modify-write, and only under the inbox's lock; the bus touches the recipients
/// once it has taken them from the inbox under that lock, on its own isolation. A recipient
/// released here for good (the bus is gone, or removed it already) runs no app code: its
/// consumer went at its removal.
struct EndedRecipients: RandomAccessCollection, @unchecked Sendable {
    private var recipients = FewValues<Recipient>()

    init() {}

    /// Adds `recipient`, ended by its token.
    mutating func append(_ recipient: Recipient) {
        recipients.append(recipient)
    }

    /// The recipient, when there is exactly one.
    var only: Recipient? { count == 1 ? self[0] : nil }

    var startIndex: Int { 0 }
    var endIndex: Int { recipients.endIndex }

    subscript(index: Int) -> Recipient { recipients[index] }
}
