// Cutting names, values and lists of names to a width: the rules are at the top of
// `ReadableLine.swift`, which applies them to a whole line.

/// `name` in at most `width` characters, cut in the middle so that its call site stays: see
/// the rules at the top of `ReadableLine.swift`.
///
/// Longer than `width` only when `File.swift:line` and what follows it do not fit with one
/// character of head. A name that is a call site (`Shop/Cart.swift:42`) loses its module:
/// `…Cart.swift:42`.
func cutName(_ name: String, to width: Int) -> String {
    let characters = Array(name)
    guard characters.count > width else { return name }
    let room = max(width, 2) - nameCutMark.count  // for the head and the tail
    guard let site = callSite(in: characters) else {
        let tail = room / 3
        return String(characters.prefix(room - tail)) + nameCutMark
            + String(characters.suffix(tail))
    }
    if site.file == 0 {  // the name is a call site: its module goes
        return site.base == 0 ? name : nameCutMark + String(characters[site.base...])
    }
    if characters.count - (site.base - site.file) + nameCutMark.count <= width {
        // A little too long: the call site's module goes, the rest stays.
        return String(characters[..<site.file]) + nameCutMark + String(characters[site.base...])
    }
    // The whole call site, and the words before it, while the head keeps a third of the room;
    // otherwise the file's name, and the head keeps the rest.
    let start = characters.count - site.lead + max(width / 3, 1) <= room ? site.lead : site.base
    let head = max(room - (characters.count - start), 1)
    return String(characters[..<head]) + nameCutMark + String(characters[start...])
}

/// Where the last call site in `characters` starts: with the words that lead to it
/// (`, at: `), at its file (its module, in a `#fileID`), and at its file's name. The call site
/// is the last `FILE:LINE` after `at: ` (how the bus names its subscriptions and streams), or
/// else the last `….swift:LINE` (a trace's origin).
private func callSite(in characters: [Character]) -> (lead: Int, file: Int, base: Int)? {
    guard let (file, colon) = labelledSite(in: characters) ?? swiftSite(in: characters) else {
        return nil
    }
    let base = characters[file..<colon].lastIndex(of: "/").map { $0 + 1 } ?? file
    var lead = file
    for words in [", at: ", " at: ", "at: ", ", at ", " at "] {
        let words = Array(words)
        if lead >= words.count, characters[(lead - words.count)..<lead].elementsEqual(words) {
            lead -= words.count
            break
        }
    }
    return (lead, file, base)
}

/// The last `at: FILE:LINE`: where FILE starts, and the colon before LINE.
private func labelledSite(in characters: [Character]) -> (file: Int, colon: Int)? {
    let words = Array("at: ")
    var start = characters.count - words.count
    while start >= 0 {
        if characters[start..<start + words.count].elementsEqual(words),
            let colon = siteColon(in: characters, from: start + words.count)
        {
            return (start + words.count, colon)
        }
        start -= 1
    }
    return nil
}

/// The last `FILE.swift:LINE`: where FILE starts (after a space, a comma, a parenthesis or a
/// quote), and the colon before LINE.
private func swiftSite(in characters: [Character]) -> (file: Int, colon: Int)? {
    let marker = Array(".swift:")
    var dot = characters.count - marker.count - 1
    while dot > 0 {
        if characters[dot..<dot + marker.count].elementsEqual(marker),
            characters[dot + marker.count].isASCII, characters[dot + marker.count].isNumber
        {
            var file = dot
            while file > 0, !isSiteBoundary(characters[file - 1]) { file -= 1 }
            return file < dot ? (file, dot + marker.count - 1) : nil
        }
        dot -= 1
    }
    return nil
}

/// If a call site `FILE:LINE` starts at `start`, the colon before LINE.
private func siteColon(in characters: [Character], from start: Int) -> Int? {
    var end = start
    while end < characters.count, !isSiteBoundary(characters[end]) { end += 1 }
    var digits = end
    while digits > start, characters[digits - 1].isASCII, characters[digits - 1].isNumber {
        digits -= 1
    }
    guard digits < end, digits - 1 > start, characters[digits - 1] == ":" else { return nil }
    return digits - 1
}

/// Whether `character` ends a call site: a space, a comma, a parenthesis or a quote.
private func isSiteBoundary(_ character: Character) -> Bool {
    character.isWhitespace || ",()\"'".contains(character)
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

/// Whether `character` continues a word or a number (`1380`, `13.80`, `total_cents`).
private func isInWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "."
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
