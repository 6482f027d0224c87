//! The command line and the machine: option values parsed with `lexopt`, a description of the
//! CPUs, the load average, the commit and the date a result file records.

use serde::{Deserialize, Serialize};

pub use lexopt::{Arg, Error, Parser};

/// A number from the command line, written as is or with `_` between digits (`10_000`).
pub fn number<T: std::str::FromStr>(value: std::ffi::OsString) -> Result<T, lexopt::Error> {
    let text = value
        .into_string()
        .map_err(lexopt::Error::NonUnicodeValue)?;
    text.replace('_', "")
        .parse()
        .map_err(|_| format!("not a number: {text}").into())
}

/// A comma-separated list of numbers (`1,2,4,8`).
pub fn numbers(value: std::ffi::OsString) -> Result<Vec<usize>, lexopt::Error> {
    let text = value
        .into_string()
        .map_err(lexopt::Error::NonUnicodeValue)?;
    text.split(',').map(|t| number(t.trim().into())).collect()
}

/// One argument of the command line, owned (lexopt's `Arg` borrows the parser, which the
/// handler needs for the option's value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opt {
    /// `--name`.
    Long(String),
    /// `-c`.
    Short(char),
    /// A positional argument.
    Value(std::ffi::OsString),
}

impl Opt {
    /// The error for an argument the program does not take.
    pub fn unexpected(&self) -> lexopt::Error {
        match self {
            Opt::Long(name) => format!("unexpected option --{name}").into(),
            Opt::Short(c) => format!("unexpected option -{c}").into(),
            Opt::Value(v) => lexopt::Error::UnexpectedArgument(v.clone()),
        }
    }
}

/// Parses the command line with `each`, which handles one argument (taking its value from the
/// parser) or returns its `unexpected()` error; `--bench`, which `cargo bench` appends, and
/// `--help` are taken here. Exits with the error and `usage` on a bad command line.
pub fn parse(usage: &str, mut each: impl FnMut(Opt, &mut Parser) -> Result<(), lexopt::Error>) {
    let mut parser = Parser::from_env();
    let result = (|| -> Result<(), lexopt::Error> {
        while let Some(arg) = parser.next()? {
            let opt = match arg {
                Arg::Long("bench") => continue,
                Arg::Long("help") | Arg::Short('h') => {
                    println!("usage: {usage}");
                    std::process::exit(0);
                }
                Arg::Long(name) => Opt::Long(name.to_string()),
                Arg::Short(c) => Opt::Short(c),
                Arg::Value(v) => Opt::Value(v),
            };
            each(opt, &mut parser)?;
        }
        Ok(())
    })();
    if let Err(e) = result {
        eprintln!("error: {e}\nusage: {usage}");
        std::process::exit(2);
    }
}

/// The value of the option just read, as text.
pub fn text(parser: &mut Parser) -> Result<String, lexopt::Error> {
    parser
        .value()?
        .into_string()
        .map_err(lexopt::Error::NonUnicodeValue)
}

/// The machine a result was measured on.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Machine {
    /// Logical CPUs the process may use (`nproc`).
    pub cpus: usize,
    /// The CPU's model name (`lscpu`'s "Model name", /proc/cpuinfo's "model name").
    pub model: String,
}

impl Machine {
    /// This machine.
    pub fn here() -> Machine {
        let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
        let model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split(':').nth(1))
                    .map(|m| m.trim().to_string())
            })
            .unwrap_or_else(|| "unknown CPU".to_string());
        Machine { cpus, model }
    }
}

impl std::fmt::Display for Machine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} logical CPUs, {}", self.cpus, self.model)
    }
}

/// A short description of this machine: CPUs and model.
pub fn machine() -> String {
    Machine::here().to_string()
}

/// The 1-minute load average (Linux's `/proc/loadavg`), where the system reports one.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The commit measured: `WEFT_BENCH_COMMIT` (set by `benches/many_cores.sh` on a machine
/// without the checkout), else `git rev-parse --short HEAD` in the current folder, else
/// "unknown".
pub fn commit() -> String {
    if let Ok(c) = std::env::var("WEFT_BENCH_COMMIT") {
        return c;
    }
    std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(secs / 86_400)
}

/// The proleptic Gregorian date of day `days` after 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_date_matches_known_days() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_454), "2026-01-01");
    }

    #[test]
    fn numbers_take_underscores_and_lists() {
        assert_eq!(number::<usize>("10_000".into()).unwrap(), 10_000);
        assert_eq!(numbers("1, 2,16".into()).unwrap(), [1, 2, 16]);
        assert!(number::<usize>("ten".into()).is_err());
    }
}
