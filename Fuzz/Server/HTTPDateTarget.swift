import Foundation

// MARK: - HTTP dates (If-Modified-Since, If-Unmodified-Since)

/// `HTTPDate.parse` on any text: a date it reads is printed as an IMF-fixdate that reads back as the same
/// date. A date from the input's first eight bytes (year 1 to 9999, whole seconds) is printed and read
/// back in each of the three forms RFC 9110 §5.6.7 names.
let httpDateFuzzTarget = FuzzTarget(name: "http-date") { data in
    let text = String(decoding: data.prefix(256), as: UTF8.self)
    if let date = HTTPDate.parse(text) {
        let printed = HTTPDate.format(date)
        fuzzCheck(
            HTTPDate.parse(printed) == date, "\(text) read as \(date), printed \(printed), which reads back differently"
        )
    }
    var raw: UInt64 = 0
    for byte in data.prefix(8) { raw = raw << 8 | UInt64(byte) }
    let seconds = Double(raw % 315_537_897_600) - 62_135_596_800  // 0001-01-01 to 9999-12-31
    let date = Date(timeIntervalSince1970: seconds)
    let imf = HTTPDate.format(date)
    fuzzCheck(HTTPDate.parse(imf) == date, "\(imf) does not read back as \(date)")
    let words = imf.split(separator: " ")  // Sun, 06 Nov 1994 08:49:37 GMT
    let longDay = [
        "Sun": "Sunday", "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday",
        "Fri": "Friday", "Sat": "Saturday",
    ][String(words[0].dropLast())]!
    let day = Int(words[1])!
    let asctime = "\(words[0].dropLast()) \(words[2]) \(day < 10 ? " " : "")\(day) \(words[4]) \(words[3])"
    fuzzCheck(HTTPDate.parse(asctime) == date, "\(asctime) does not read back as \(date)")
    let year = Int(words[3])!
    let rfc850 = "\(longDay), \(words[1])-\(words[2])-\(words[3].suffix(2)) \(words[4]) GMT"
    guard let read = HTTPDate.parse(rfc850) else { fatalError("fuzz property failed: \(rfc850) does not read") }
    // A two-digit year names the most recent matching year not more than 50 years ahead: same last two
    // digits, same day of the year and time.
    let calendar = Calendar(identifier: .gregorian)
    let zone = TimeZone(secondsFromGMT: 0)!
    let readParts = calendar.dateComponents(in: zone, from: read)
    let parts = calendar.dateComponents(in: zone, from: date)
    fuzzCheck(
        readParts.year! % 100 == year % 100 && readParts.month == parts.month && readParts.day == parts.day
            && readParts.hour == parts.hour && readParts.minute == parts.minute && readParts.second == parts.second,
        "\(rfc850) reads as \(read)")
}
