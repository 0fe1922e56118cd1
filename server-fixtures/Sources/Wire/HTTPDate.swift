import Foundation

// MARK: - HTTP-date

/// The IMF-fixdate form of RFC 9110 §5.6.7, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// The seconds from 1970 to the last second of 9999, the dates ``format(_:)`` writes by arithmetic.
    private static let arithmeticRange = 0...253_402_300_799

    /// `date` as an IMF-fixdate (whole seconds, rounded down). Every `Date` header and `Last-Modified` is one,
    /// so a date from 1970 to 9999 is written by integer arithmetic on the days since 1970 (the proleptic
    /// Gregorian calendar, which is the calendar's own after 1582), without a `Calendar` or a format string;
    /// any other date through the calendar, as ``parse(_:now:)`` reads it.
    static func format(_ date: Date) -> String {
        let since1970 = date.timeIntervalSince1970.rounded(.down)
        guard since1970 >= 0, since1970 <= Double(arithmeticRange.upperBound) else { return calendarFormat(date) }
        let seconds = Int(since1970)
        let dayCount = seconds / 86_400
        let time = seconds % 86_400
        // Howard Hinnant's civil_from_days (public domain, http://howardhinnant.github.io/date_algorithms.html),
        // for days ≥ 0 since 1970-01-01: the day of a 400-year era (146,097 days) starting on 1 March.
        let shifted = dayCount + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = (dayCount + 4) % 7  // 1970-01-01 was a Thursday; 0 is Sunday
        var text = ""
        text.reserveCapacity(29)
        text += days[weekday] + ", "
        append(day, digits: 2, to: &text)
        text += " " + months[month - 1] + " "
        append(year, digits: 4, to: &text)
        text += " "
        append(time / 3600, digits: 2, to: &text)
        text += ":"
        append(time / 60 % 60, digits: 2, to: &text)
        text += ":"
        append(time % 60, digits: 2, to: &text)
        return text + " GMT"
    }

    /// Appends `value` (not negative) with at least `digits` digits, zeros first.
    private static func append(_ value: Int, digits: Int, to text: inout String) {
        let written = String(value)
        if written.utf8.count < digits { text += String(repeating: "0", count: digits - written.utf8.count) }
        text += written
    }

    /// `date` as an IMF-fixdate through the calendar (whole seconds, rounded down): dates before 1970 or
    /// after 9999.
    static func calendarFormat(_ date: Date) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let day = days[((parts.weekday ?? 1) - 1) % 7]
        let month = months[((parts.month ?? 1) - 1) % 12]
        return "\(day), \(two(parts.day)) \(month) \(String(format: "%04d", parts.year ?? 1970)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    /// The date of an HTTP-date in any of the three forms a recipient must accept (RFC 9110 §5.6.7):
    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and
    /// asctime (`Sun Nov  6 08:49:37 1994`); nil for anything else.
    static func parse(_ text: String, now: Date = Date()) -> Date? {
        let words = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        if words.count == 6, words[0].count == 4, words[0].hasSuffix(","), words[5] == "GMT",
            days.contains(String(words[0].dropLast())), words[1].count == 2, words[3].count == 4
        {
            return date(day: words[1], month: words[2], year: Int(words[3]), time: words[4])
        }
        if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT",
            longDays.contains(String(words[0].dropLast()))
        {
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let twoDigits = Int(parts[2]) else {
                return nil
            }
            return date(day: parts[0], month: parts[1], year: fullYear(twoDigits, now: now), time: words[2])
        }
        if words.count == 5, days.contains(String(words[0])), (1...2).contains(words[2].count), words[4].count == 4 {
            return date(day: words[2], month: words[1], year: Int(words[4]), time: words[3])
        }
        return nil
    }

    private static let longDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// RFC 9110 §5.6.7: a two-digit year more than 50 years in the future is the most recent past year
    /// with the same last two digits.
    private static func fullYear(_ twoDigits: Int, now: Date) -> Int {
        let thisYear = calendar.component(.year, from: now)
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return year
    }

    private static func date(day: Substring, month: Substring, year: Int?, time: Substring) -> Date? {
        let clock = time.split(separator: ":")
        guard let year, let day = Int(day), let monthIndex = months.firstIndex(of: String(month)),
            clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]),
            let minute = Int(clock[1]), let second = Int(clock[2]), hour < 24, minute < 60, second < 61,
            (1...31).contains(day)
        else { return nil }
        let components = DateComponents(
            year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
        // A day the calendar does not have is no date (found by fuzzing: year 0000 read as 1 BC and printed
        // as 0001; 31 Feb read as 2 or 3 March).
        guard let date = calendar.date(from: components) else { return nil }
        let read = calendar.dateComponents([.era, .year, .month, .day], from: date)
        guard read.era == 1, read.year == year, read.month == monthIndex + 1, read.day == day else { return nil }
        return date
    }
}
