//! The calendar date that names a daily run: read from `YYYY-MM-DD`, checked against the calendar (a
//! 30 February would name a run the game never makes), and computed from a day count so that the
//! caller, not the generator, asks the clock what today is.

use std::fmt;
use std::str::FromStr;

use crate::model::limits::quote;

/// A proleptic Gregorian date, year 1–9999 (the game writes four digits).
///
/// # Examples
///
/// Dates read as `YYYY-MM-DD` (or the game's `YYYY/MM/DD`), are checked against the calendar, and come
/// from a count of days since 1970-01-01:
///
/// ```
/// use mansion_forge::generate::date::Date;
///
/// let date: Date = "2024-02-29".parse().expect("a leap day");
/// assert_eq!(date, Date::new(2024, 2, 29).expect("on the calendar"));
/// assert_eq!(date.to_string(), "2024-02-29");
/// assert_eq!("2024/02/29".parse::<Date>(), Ok(date));
///
/// assert!("2025-02-29".parse::<Date>().is_err(), "2025 is no leap year");
/// assert!("2025-9".parse::<Date>().is_err());
/// assert_eq!(Date::new(2025, 4, 31), None);
///
/// assert_eq!(Date::from_days_since_epoch(0), Date::new(1970, 1, 1));
/// assert_eq!(Date::from_days_since_epoch(19_782), Some(date));
/// assert!(Date::new(2025, 1, 1) < Date::new(2025, 1, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year, 1–9999.
    pub year: u32,
    /// The month, 1–12.
    pub month: u32,
    /// The day of the month, 1–28…31.
    pub day: u32,
}

/// Whether February of `year` has 29 days.
fn leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// Days in `month` of `year`.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date, when the calendar has it.
    pub fn new(year: u32, month: u32, day: u32) -> Option<Date> {
        let valid = (1..=9999).contains(&year)
            && (1..=12).contains(&month)
            && (1..=days_in_month(year, month)).contains(&day);
        valid.then_some(Date { year, month, day })
    }

    /// The date `days` days after 1970-01-01 (negative: before), as UTC counts them; `None` outside
    /// years 1–9999. (Howard Hinnant's `civil_from_days`.)
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date::new(
            u32::try_from(year).ok()?,
            u32::try_from(month).ok()?,
            u32::try_from(day).ok()?,
        )
    }

    /// Today in UTC by this machine's clock, for the editor's and the command line's default daily run.
    /// The one clock read under `generate`: no generator calls it; a run is always named by its date.
    pub fn today_utc() -> Option<Date> {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_secs();
        Date::from_days_since_epoch(i64::try_from(seconds / 86_400).ok()?)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = String;

    /// `YYYY-MM-DD` (also `YYYY/MM/DD`, as the game prints it).
    fn from_str(text: &str) -> Result<Date, String> {
        let parts: Vec<&str> = text.trim().split(['-', '/']).collect();
        let numbers: Option<Vec<u32>> = match parts.as_slice() {
            [y, m, d] => [y, m, d].iter().map(|p| p.parse().ok()).collect(),
            _ => None,
        };
        let Some(&[year, month, day]) = numbers.as_deref() else {
            return Err(format!(
                "`{}` is not a date written YYYY-MM-DD",
                quote(text)
            ));
        };
        Date::new(year, month, day)
            .ok_or_else(|| format!("{} is not a day of the calendar", quote(text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_and_print_alike() {
        let date: Date = "2025-09-01".parse().unwrap();
        assert_eq!(date, Date::new(2025, 9, 1).unwrap());
        assert_eq!(date.to_string(), "2025-09-01");
        assert_eq!("2025/09/01".parse::<Date>(), Ok(date));
    }

    #[test]
    fn days_the_calendar_lacks_are_refused() {
        for bad in [
            "2025-02-29",
            "2025-13-01",
            "2025-04-31",
            "0-01-01",
            "2025-9",
            "x-1-1",
            "",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert!("2000-02-29".parse::<Date>().is_ok());
        assert!("1900-02-29".parse::<Date>().is_err());
    }

    #[test]
    fn day_counts_give_the_utc_calendar() {
        assert_eq!(Date::from_days_since_epoch(0), Date::new(1970, 1, 1));
        // 2025-09-01 is day 20,332 of the Unix epoch; 2024-02-29 day 19,782.
        assert_eq!(Date::from_days_since_epoch(20_332), Date::new(2025, 9, 1));
        assert_eq!(Date::from_days_since_epoch(19_782), Date::new(2024, 2, 29));
        assert_eq!(Date::from_days_since_epoch(-1), Date::new(1969, 12, 31));
        assert_eq!(Date::from_days_since_epoch(i64::MAX), None);
        assert_eq!(Date::from_days_since_epoch(i64::MIN), None);
    }
}
