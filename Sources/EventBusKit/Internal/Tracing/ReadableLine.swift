// How every line that names a recipient or an event is made to fit (contract §16.4, §17.7): a
// trace's tree, records, notes and Mermaid source, `print(bus)`, `explain`, problem messages and
// the announcements' descriptions. Only rendering calls it, never a delivery.
//
// The rules, in one place:
// - No line is longer than `lineLimit` (120) characters. A line is made of parts that say what
//   they are (`ReadableLine`): the bus's words, a report's fix and a recipient's attributes
//   (`once`, `limit 3`, `filtered`) are kept; call sites, names, values and lists may be cut.
// - When a line would be longer, the least informative part goes first, one step at a time,
//   until it fits (`fit(_:to:cuttingAtEnd:)`):
//   1. every call site loses its module folder (`at: …Cart.swift:12`);
//   2. the long types and values (more than 8 characters: `Broken()` is never cut) and the
//      lists share the room the other parts leave equally — the shorter ones kept whole, the
//      longer ones cut to an equal share: a type in the middle (`Checkout…Event`), a value at
//      its end, a list after the names that fit;
//   3. only if what is kept and the call sites' `File.swift:LINE` alone pass the limit are the
//      file names cut in the middle, keeping `.swift:LINE` (`Chec…del.swift:12`);
//   4. a line still too long is cut at its end like a value, after its last call site and
//      before its fix: a fix is never cut.
// - A recipient's name is read in pieces (`namePieces(_:)`): its attributes kept; its type part
//   (`Subscription(to: Checkout`) cut in the middle of the type while the words fit, then in
//   the words (`Subs…Num`); a given name and an owner's type cut in the middle; a stream's
//   buffering policy cut as a value; its call site cut as a call site. Any other name is one
//   type: cut in the middle, its first two thirds and its last third.
// - A value (an event's or an error's description) is cut at its end, never inside a word or a
//   number (unless the word fills half the room), and marked ` […]`: `Checkout(id: 7, cents: […]`.
// - A list of recipients or entries keeps as many names as fit — the last of them may be cut,
//   to no less than half — then says `and 3 more`; the first is cut when even it does not fit.
//   A list of one is cut as that name.
// - Line breaks inside a name or a value read as spaces.
// - Fixes are worded to fit a line with a call site whose file's name has 30 characters.

/// The longest line, in characters, that the bus writes for a person to read.
let lineLimit = 120

/// The mark that ends a cut value: a space and an elided bracket, which no number or word
/// continues (`totalCents: […]`, never `totalCents: 1380…`).
let valueCutMark = " […]"

/// The mark where a name was cut, between its head and its call site.
let nameCutMark = "…"

/// A line a person reads, in parts that say what they are: the bus's own words and a report's
/// fix, which are kept, and the call sites, names, values and lists it shows, which are cut
/// when the line would not fit.
///
/// Written as a string with interpolations:
/// `"dispatch(\(name: type)) at \(site: origin): queue full; \(fix: fix)"` (`\(x)` is kept as
/// it is; `site:`, `name:`, `value:` and `names:` may be cut; `fix:` is kept).
struct ReadableLine: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// One part of a line.
    enum Part: Sendable {
        /// The bus's own words: kept whole.
        case text(String)
        /// What to do about a report: kept whole, whatever else is cut.
        case fix(String)
        /// A call site, `FILE:LINE`: loses its module folder first, and its `File.swift:LINE`
        /// only in the middle of its file's name, last.
        case site(fileID: String, line: String)
        /// A recipient's or a type's name: cut in its pieces (``namePieces(_:)``), keeping a
        /// recipient's attributes and call site.
        case name(String)
        /// A description: cut at its end, marked.
        case value(String)
        /// Names joined by `, `: ends with `and N more` when they do not all fit.
        case names([String])

        /// The part, nothing cut.
        var full: String {
            switch self {
            case .text(let text), .fix(let text), .name(let text), .value(let text): text
            case .site(let fileID, let line): fileID + ":" + line
            case .names(let names): names.joined(separator: ", ")
            }
        }

        /// The pieces the cutting rules see (`fit(_:to:cuttingAtEnd:)`).
        var pieces: [LinePiece] {
            switch self {
            case .text(let text): [.kept(text)]
            case .fix(let fix): [.fix(fix)]
            case .site(let fileID, let line): [.site(CallSite(fileID: fileID, line: line))]
            case .name(let name): namePieces(name)
            case .value(let value): [.value(value)]
            case .names(let names) where names.count == 1: namePieces(names[0])
            case .names(let names): [.names(names)]
            }
        }

        /// The same part with each of its strings changed by `change`.
        func map(_ change: (String) -> String) -> Part {
            switch self {
            case .text(let text): .text(change(text))
            case .fix(let fix): .fix(change(fix))
            case .site(let fileID, let line): .site(fileID: change(fileID), line: line)
            case .name(let name): .name(change(name))
            case .value(let value): .value(change(value))
            case .names(let names): .names(names.map(change))
            }
        }
    }

    /// The parts, in order.
    private(set) var parts: [Part]

    init(parts: [Part]) { self.parts = parts }

    init(stringLiteral text: String) { parts = [.text(text)] }

    init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The line with nothing cut.
    var description: String { parts.map(\.full).joined() }

    /// `lhs` then `rhs`.
    static func + (lhs: ReadableLine, rhs: ReadableLine) -> ReadableLine {
        ReadableLine(parts: lhs.parts + rhs.parts)
    }

    /// The line with each of its strings changed by `change` (to escape app-provided text).
    func map(_ change: (String) -> String) -> ReadableLine {
        ReadableLine(parts: parts.map { $0.map(change) })
    }

    /// The line in at most `width` characters, cut by the rules at the top of this file; line
    /// breaks in names and values read as spaces.
    ///
    /// A line that fits is its parts, whole: split into pieces only to be cut. (The pieces of
    /// a part join to the part, so a cut that cuts nothing shows the same text; splitting the
    /// names of every line `print(bus)` writes was most of its time.)
    func fitted(to width: Int = lineLimit) -> String {
        let shown = shownParts
        let whole = shown.map(\.part.full)
        if whole.reduce(0, { $0 + $1.count }) <= width { return whole.joined() }
        return fit(Self.pieces(of: shown).map(\.piece), to: width).joined()
    }

    /// The line in at most `width` characters once `escape` has rewritten the text the app
    /// gave it — every part but the bus's words and fixes (a Mermaid diagram's source escapes
    /// its syntax characters as entity codes, which are longer). The parts are cut as
    /// ``fitted(to:)`` cuts them, to a narrower width while the escaped line is too long; an
    /// entity code is never cut.
    func fitted(to width: Int, escaping escape: (String) -> String) -> String {
        let pieces = Self.pieces(of: shownParts)
        var target = width
        while true {
            let shown = fit(pieces.map(\.piece), to: target)
            let line = zip(shown, pieces).map { $1.isAppText ? escape($0) : $0 }.joined()
            if line.count <= width || target <= 0 { return line }
            target -= line.count - width
        }
    }

    /// Every part as a line shows it — the text the app gave on one line (``onOneLine(_:)``),
    /// the bus's words and fixes as they are — each with whether the app gave its text.
    private var shownParts: [(part: Part, isAppText: Bool)] {
        parts.map { part in
            switch part {
            case .text, .fix: (part, false)
            default: (part.map(onOneLine), true)
            }
        }
    }

    /// The pieces of the parts `shown` (``shownParts``), in order, each with whether the app
    /// gave its text.
    private static func pieces(of shown: [(part: Part, isAppText: Bool)])
        -> [(piece: LinePiece, isAppText: Bool)]
    {
        shown.flatMap { part in part.part.pieces.map { ($0, part.isAppText) } }
    }

    /// Builds a line from a string literal and its interpolations.
    struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(2 * interpolationCount + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// Fixed text: the bus's words, a number.
        mutating func appendInterpolation(_ text: some Any) {
            parts.append(.text(String(describing: text)))
        }

        /// What to do about a report, kept whole.
        mutating func appendInterpolation(fix: String) { parts.append(.fix(fix)) }

        /// A call site, `fileID:line`.
        mutating func appendInterpolation(site fileID: String, line: Int) {
            parts.append(.site(fileID: fileID, line: String(line)))
        }

        /// The call site of a dispatch or a post.
        mutating func appendInterpolation(site origin: EventTrace.Origin) {
            appendInterpolation(site: origin.fileID, line: origin.line)
        }

        /// A name that may be cut in its pieces, keeping a recipient's attributes and call
        /// site.
        mutating func appendInterpolation(name: String) { parts.append(.name(name)) }

        /// A type's name, which may be cut in the middle.
        mutating func appendInterpolation(name type: Any.Type) {
            parts.append(.name(String(describing: type)))
        }

        /// A description that may be cut at its end.
        mutating func appendInterpolation(value: String) { parts.append(.value(value)) }

        /// Names that may end with `and N more`.
        mutating func appendInterpolation(names: [String]) { parts.append(.names(names)) }

        /// Another line's parts.
        mutating func appendInterpolation(_ line: ReadableLine) { parts += line.parts }
    }
}

/// `text` with each line break read as a space.
func onOneLine(_ text: String) -> String {
    // A line break's UTF-8 has a byte of U+000A–U+000D, or ends in 0x85 (U+0085), 0xA8 or
    // 0xA9 (U+2028, U+2029): text with none of them is looked at no closer (a scan of its
    // bytes, where one of its characters cost a grapheme break each).
    guard text.utf8.contains(where: { $0 &- 0x0A < 4 || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }),
        text.contains(where: \.isNewline)
    else { return text }
    return String(text.map { $0.isNewline ? " " : $0 })
}
