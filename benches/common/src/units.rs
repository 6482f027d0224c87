//! Figures as people read them: durations in a fitting unit, ratios, `10^7` for ten million.

use std::time::Duration;

/// A duration in a readable unit.
pub fn dur(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:.1} µs", s * 1e6)
    } else {
        format!("{:.0} ns", s * 1e9)
    }
}

/// `a / b` as "0.52x" (or "-" when `b` is zero).
pub fn ratio(a: Duration, b: Duration) -> String {
    if b.is_zero() {
        return "-".to_string();
    }
    format!("{:.2}x", a.as_secs_f64() / b.as_secs_f64())
}

/// `n` in a human unit: 10^7 rather than 10000000.
pub fn pow10(n: usize) -> String {
    let mut k = 0;
    let mut m = n;
    while m >= 10 && m % 10 == 0 {
        m /= 10;
        k += 1;
    }
    if m == 1 && k >= 3 {
        format!("10^{k}")
    } else if k >= 3 {
        format!("{m}x10^{k}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pow10_writes_round_numbers_as_powers() {
        assert_eq!(pow10(10_000_000), "10^7");
        assert_eq!(pow10(20_000), "2x10^4");
        assert_eq!(pow10(999), "999");
    }

    #[test]
    fn dur_picks_the_unit() {
        assert_eq!(dur(Duration::from_millis(1500)), "1.50 s");
        assert_eq!(dur(Duration::from_micros(2500)), "2.5 ms");
        assert_eq!(dur(Duration::from_nanos(7)), "7 ns");
    }
}
