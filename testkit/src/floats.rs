//! Floats whose sum depends on how it is grouped, for the deterministic-reduction checks.

use crate::Rng;

/// `len` numbers from 1e-6 to 1e12 in magnitude, both signs, in an order that makes a float
/// sum depend on how it is grouped; the same numbers on every run for the same `seed`.
///
/// # Examples
///
/// ```
/// let v = weft_testkit::mixed_magnitudes(1_000, 7);
/// assert_eq!(v, weft_testkit::mixed_magnitudes(1_000, 7));
/// assert!(v.iter().any(|x| x.abs() > 1e6) && v.iter().any(|x| x.abs() < 1.0));
/// ```
pub fn mixed_magnitudes(len: usize, seed: u64) -> Vec<f64> {
    let mut rng = Rng::new(seed);
    (0..len)
        .map(|_| {
            let bits = rng.next_u64();
            let mantissa = (bits >> 11) as f64 / (1u64 << 53) as f64;
            let exponent = (bits % 19) as i32 - 6;
            let sign = if bits & (1 << 10) == 0 { 1.0 } else { -1.0 };
            sign * mantissa * 10f64.powi(exponent)
        })
        .collect()
}
