// Cutting a line's pieces to a width, least informative first: the rules are at the top of
// `ReadableLine.swift`, which splits a line into these pieces.

/// One piece of a line, by what it tells a reader: that decides when, and how, it is cut.
enum LinePiece: Sendable {
    /// Kept whole: the bus's words, a recipient's attributes (`once`, `limit 3`, `filtered`),
    /// the punctuation of a name.
    case kept(String)
    /// A report's fix: kept whole; a line too long even so is cut before it.
    case fix(String)
    /// A call site: its module folder goes first; its file's name is cut in the middle last.
    case site(CallSite)
    /// A type, or a recipient's own name, with the words before it that say what it is
    /// (`Subscription(to: `): when longer than ``longestUncut`` characters, the type is cut in
    /// the middle while the words fit beside 4 characters of it, then the words, keeping the
    /// type's end (`Subs…Num`).
    case type(String, before: String = "")
    /// A description: when longer than ``longestUncut`` characters, cut at its end, marked
    /// ``valueCutMark``.
    case value(String)
    /// Names joined by `, `: as many as fit, then `and N more`.
    case names([String])

    /// The piece, nothing cut.
    var whole: String {
        switch self {
        case .kept(let text), .fix(let text), .value(let text): text
        case .type(let type, let before): before + type
        case .site(let site): site.whole
        case .names(let names): names.joined(separator: ", ")
        }
    }
}

/// A call site in pieces: its module folder (`App/`, or nothing), its file's name without
/// the extension (`Cart`), and what is never cut: the extension and the line (`.swift:12`).
struct CallSite: Sendable {
    let module: String
    let stem: String
    let tail: String

    /// The call site `fileID`:`line`, `fileID` as `#fileID` gives it (`App/Cart.swift`).
    init(fileID: String, line: String) {
        let file = fileID.lastIndex(of: "/").map { fileID.index(after: $0) } ?? fileID.startIndex
        let name = fileID[file...]
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        module = String(fileID[..<file])
        stem = String(name[..<(dot ?? name.endIndex)])
        tail = String(name[(dot ?? name.endIndex)...]) + ":" + line
    }

    /// `App/Cart.swift:12`.
    var whole: String { module + stem + tail }

    /// Without its module folder: `…Cart.swift:12` (`Cart.swift:12` when it had none).
    var withoutModule: String { (module.isEmpty ? "" : nameCutMark) + stem + tail }

    /// In at most `width` characters if it can be: without its module, then with its file's
    /// name cut in the middle (`Chec…del.swift:12`); never shorter than that name's first
    /// character, the mark and the tail.
    func cut(to width: Int) -> String {
        withoutModule.count <= width
            ? withoutModule : cutMiddle(stem, to: width - tail.count) + tail
    }
}

/// `pieces` shown in at most `width` characters, one string per piece, cut in this order
/// until the line fits (the rules at the top of `ReadableLine.swift`):
///
/// 1. every call site loses its module folder;
/// 2. the long types and values and the lists share the room the other pieces leave, each cut
///    to no less than its shortest cut (a type: 4 characters; a value: its first character
///    and the mark; a list: its first name, cut so);
/// 3. the call sites' file names share what is left, each keeping `.swift:LINE`;
/// 4. what comes before the fix (and the `; ` that leads to it) is cut at its end like a value,
///    unless `cuttingAtEnd` is false: then the line is left longer than `width`.
func fit(_ pieces: [LinePiece], to width: Int, cuttingAtEnd: Bool = true) -> [String] {
    var shown = pieces.map(\.whole)
    func length() -> Int { shown.reduce(0) { $0 + $1.count } }
    guard length() > width else { return shown }
    var sites: [Int] = []
    var cuttable: [Int] = []
    for (index, piece) in pieces.enumerated() {
        switch piece {
        case .site(let site):
            sites.append(index)
            shown[index] = site.withoutModule
        case .type, .value, .names: cuttable.append(index)
        case .kept, .fix: break
        }
    }
    guard length() > width else { return shown }
    share(among: cuttable, of: pieces, to: width, &shown)
    guard length() > width else { return shown }
    share(among: sites, of: pieces, to: width, &shown)
    guard length() > width, cuttingAtEnd else { return shown }
    return cutAtEnd(shown, of: pieces, to: width)
}

/// Cuts the pieces at `indices` so that the line fits `width` if it can: each keeps what it
/// keeps at the least, and they share the rest of the room the other pieces leave equally —
/// taken from the one with the least beyond that, each is kept whole when it fits its equal
/// share of what remains, and cut to that share otherwise.
private func share(
    among indices: [Int], of pieces: [LinePiece], to width: Int, _ shown: inout [String]
) {
    guard !indices.isEmpty else { return }
    var room = width - shown.reduce(0) { $0 + $1.count }
    var shares: [(index: Int, least: Int, beyond: Int)] = []
    for index in indices {
        let least = min(cut(pieces[index], to: 0).count, shown[index].count)
        room += shown[index].count - least
        shares.append((index, least, shown[index].count - least))
    }
    shares.sort { ($0.beyond, $0.index) < ($1.beyond, $1.index) }
    for (taken, piece) in shares.enumerated() {
        let share = max(room / (shares.count - taken), 0)
        if piece.beyond > share {
            shown[piece.index] = cut(pieces[piece.index], to: piece.least + share)
        }
        room -= max(shown[piece.index].count - piece.least, 0)
    }
}

/// `piece` in at most `width` characters, where its rule allows (kept pieces are whole).
private func cut(_ piece: LinePiece, to width: Int) -> String {
    switch piece {
    case .kept(let text), .fix(let text): text
    case .site(let site): site.cut(to: width)
    case .type(let type, let before):
        before.count + type.count <= longestUncut
            ? before + type : cutType(type, after: before, to: width)
    case .value(let value): value.count <= longestUncut ? value : cutValue(value, to: width)
    case .names(let names): cutNames(names, to: width)
    }
}

/// The last resort, for a line whose kept pieces alone pass `width`: what comes before the
/// fix is cut at its end like a value, marked ``valueCutMark`` — after its last call site,
/// when that leaves room — and the fix stays whole with the punctuation that leads to it
/// (`; `); with no fix (or a fix that alone passes `width`), the whole line is cut so.
private func cutAtEnd(_ shown: [String], of pieces: [LinePiece], to width: Int) -> [String] {
    var headEnd = pieces.firstIndex { if case .fix = $0 { true } else { false } } ?? pieces.count
    var tail = shown[headEnd...].reduce(0) { $0 + $1.count }
    if tail >= width {
        headEnd = pieces.count
        tail = 0
    }
    let head = shown[..<headEnd].joined()
    // The call sites stay: the cut comes after the last one, if that leaves room for the fix.
    let lastSite = (0..<headEnd).last { if case .site = pieces[$0] { true } else { false } }
    let kept = lastSite.map { shown[...$0].reduce(0) { $0 + $1.count } } ?? 0
    let lead =
        headEnd == pieces.count
        ? "" : String(head.reversed().prefix { $0.isWhitespace || ";:,".contains($0) }.reversed())
    let words = String(head.dropLast(lead.count))
    let room = width - tail - lead.count
    let cutWords = cutValue(words, to: room)
    guard cutWords.count < words.count else { return shown }
    // The characters of `words` kept.
    var remaining = cutWords.count - valueCutMark.count
    if remaining < kept, kept + valueCutMark.count <= room { remaining = kept }
    var result = shown
    var last = 0
    for index in 0..<headEnd {
        let taken = min(remaining, shown[index].count)
        result[index] = String(shown[index].prefix(taken))
        if taken > 0 { last = index }
        remaining -= taken
    }
    result[last] += valueCutMark + lead
    return result
}

/// The most characters of a type or a value that are never cut (`Broken()`, `Num`): one as
/// short as that is not long, and cutting it would save less than a reader loses.
let longestUncut = 8

/// `type` after the words `before` it in `width` characters, 4 at the least: the type cut in
/// the middle while the words fit beside 4 characters of it (`Subscription(to: Ch…t`), then
/// the words, keeping as much of the type's end as two thirds of the room hold (`Subs…Num`,
/// `S…um`).
private func cutType(_ type: String, after before: String, to width: Int) -> String {
    let width = max(width, 4)
    if width - before.count >= min(type.count, 4) {
        return before + cutMiddle(type, to: width - before.count)
    }
    let whole = before + type
    let room = width - nameCutMark.count
    let tail = min(type.count, 2 * room / 3)
    return String(whole.prefix(room - tail)) + nameCutMark + String(whole.suffix(tail))
}

/// `text` in at most `width` characters: its first two thirds and its last third around
/// ``nameCutMark`` (`Checkout…Event`); at the least its first character and the mark.
func cutMiddle(_ text: String, to width: Int) -> String {
    guard text.count > width else { return text }
    let room = max(width, 2) - nameCutMark.count
    let tail = room / 3
    return String(text.prefix(room - tail)) + nameCutMark + String(text.suffix(tail))
}

/// `name` in at most `width` characters, as a line that is only that name would show it: a
/// recipient's name keeps its attributes and its call site's `File.swift:LINE` (see
/// ``namePieces(_:)``), and anything else is cut in the middle. Longer than `width` only when
/// what it keeps does not fit: a line that shows it cuts the rest.
func cutName(_ name: String, to width: Int) -> String {
    fit(namePieces(name), to: width, cuttingAtEnd: false).joined()
}

/// `value` in at most `width` characters: cut at its end, not inside a word or a number, and
/// marked ``valueCutMark``.
func cutValue(_ value: String, to width: Int) -> String {
    let characters = Array(value)
    guard characters.count > width else { return value }
    let room = max(width - valueCutMark.count, 1)
    guard room < characters.count else { return value }  // no shorter with the mark
    var end = room
    if isInWord(characters[end - 1]), isInWord(characters[end]) {
        var start = end - 1
        while start > 0, isInWord(characters[start - 1]) { start -= 1 }
        if start > 0, start >= room / 2 { end = start }
    }
    while end > 1, characters[end - 1].isWhitespace { end -= 1 }
    return String(characters[..<end]) + valueCutMark
}

/// Whether `character` continues a word or a number (`1380`, `13.80`, `total_cents`, `bus's`).
private func isInWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "_.'".contains(character)
}

/// `names` joined by `, ` in at most `width` characters: as many names as fit, the last of
/// them cut if it must be (``cutName(_:to:)``) to no less than half its length, then
/// `and N more` for the others; the first name is cut as far as it must be.
func cutNames(_ names: [String], to width: Int) -> String {
    let all = names.joined(separator: ", ")
    guard all.count > width, let first = names.first else { return all }
    var before = all.count + 2  // the names before the last one shown, each with its ", "
    for shown in stride(from: names.count, to: 1, by: -1) {
        before -= names[shown - 1].count + 2
        let more = shown == names.count ? "" : " and \(names.count - shown) more"
        let room = width - before - more.count
        guard room > 0 else { continue }
        let last = cutName(names[shown - 1], to: room)
        if last.count <= room, 2 * last.count >= names[shown - 1].count {
            return names.prefix(shown - 1).joined(separator: ", ") + ", " + last + more
        }
    }
    let more = names.count > 1 ? " and \(names.count - 1) more" : ""
    return cutName(first, to: width - more.count) + more
}
