//! Printing results: aligned tables on stdout, a progress line on stderr (on a terminal
//! only), CSV files under target/weft-bench/ for the plot example.

use crate::experiments::Compare;
use crate::Sample;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One measured figure: an experiment, a variant (seq, weft, rayon, ...), a thread count.
#[derive(Clone, Debug)]
pub struct Record {
    /// What was run ("fib(30)", "idle burn", ...).
    pub experiment: String,
    /// Who ran it ("seq", "weft", "rayon", "chili", "threads", "ideal").
    pub variant: String,
    /// Threads in the pool.
    pub threads: usize,
    /// Median wall and CPU time.
    pub sample: Sample,
    /// Operations per second where that is the figure, else 0.
    pub ops_per_s: f64,
}

impl Record {
    /// A record of a timed run.
    pub fn new(experiment: &str, variant: &str, threads: usize, sample: Sample) -> Record {
        Record {
            experiment: experiment.to_string(),
            variant: variant.to_string(),
            threads,
            sample,
            ops_per_s: 0.0,
        }
    }
}

/// The workspace's root folder (this crate lives in its `benches/common/`).
pub fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("benches/common/ lies two levels below the workspace root")
}

/// Where results go: `target/weft-bench/` of the workspace, or the folder `WEFT_BENCH_DIR`
/// names (for a binary built here and run on another machine, where this checkout's path
/// does not exist).
pub fn results_dir() -> PathBuf {
    std::env::var_os("WEFT_BENCH_DIR")
        .map_or_else(|| workspace_root().join("target/weft-bench"), PathBuf::from)
}

/// The header of the CSV files [`write_csv`] writes and [`read_csv`] reads.
const CSV_HEADER: &str = "experiment,variant,threads,wall_s,cpu_s,ops_per_s";

/// Writes `records` to `target/weft-bench/{name}.csv`; returns the path.
pub fn write_csv(name: &str, records: &[Record]) -> std::io::Result<PathBuf> {
    let dir = results_dir();
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{name}.csv"));
    std::fs::write(&path, to_csv(records))?;
    Ok(path)
}

/// Reads the records of a CSV file that [`write_csv`] wrote, in file order.
pub fn read_csv(path: &Path) -> std::io::Result<Vec<Record>> {
    from_csv(&std::fs::read_to_string(path)?).map_err(|line| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{}: not a weft-bench record: {line:?}", path.display()),
        )
    })
}

/// The text of a CSV file: a header line, then one line a record (a comma in an experiment's
/// name becomes a semicolon).
fn to_csv(records: &[Record]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for r in records {
        out.push_str(&format!(
            "{},{},{},{:.6},{:.6},{:.1}\n",
            r.experiment.replace(',', ";"),
            r.variant,
            r.threads,
            r.sample.wall.as_secs_f64(),
            r.sample.cpu.as_secs_f64(),
            r.ops_per_s
        ));
    }
    out
}

/// The records of [`to_csv`]'s text; `Err` holds the first line that is not one.
fn from_csv(text: &str) -> Result<Vec<Record>, String> {
    let mut lines = text.lines();
    match lines.next() {
        Some(CSV_HEADER) => lines
            .map(|line| parse_record(line).ok_or_else(|| line.to_string()))
            .collect(),
        header => Err(header.unwrap_or("").to_string()),
    }
}

/// One line of [`to_csv`]'s output.
fn parse_record(line: &str) -> Option<Record> {
    let secs = |s: &str| Duration::try_from_secs_f64(s.parse().ok()?).ok();
    let [experiment, variant, threads, wall, cpu, ops] = line.split(',').collect::<Vec<_>>()[..]
    else {
        return None;
    };
    Some(Record {
        experiment: experiment.to_string(),
        variant: variant.to_string(),
        threads: threads.parse().ok()?,
        sample: Sample {
            wall: secs(wall)?,
            cpu: secs(cpu)?,
        },
        ops_per_s: ops.parse().ok()?,
    })
}

/// Replaces the progress line on stderr, when stderr is a terminal: in a log or a pipe the
/// line and its escape codes would only be noise.
pub fn progress(msg: &str) {
    let mut err = std::io::stderr().lock();
    if err.is_terminal() {
        let _ = write!(err, "\r\x1b[2K{msg}");
        let _ = err.flush();
    }
}

/// Clears the progress line.
pub fn progress_done() {
    progress("");
}

/// A duration in a readable unit.
pub fn dur(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:.1} us", s * 1e6)
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

/// A table printed with aligned columns.
#[derive(Debug, Default)]
pub struct Table {
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with this header.
    pub fn new(header: &[&str]) -> Table {
        Table {
            rows: vec![header.iter().map(|s| s.to_string()).collect()],
        }
    }

    /// Appends a row.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// Prints the table to stdout, first column left-aligned, the others right-aligned.
    pub fn print(&self) {
        let cols = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let width: Vec<usize> = (0..cols)
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r.get(c).map_or(0, |s| s.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for (i, row) in self.rows.iter().enumerate() {
            let mut line = String::new();
            for (c, w) in width.iter().enumerate() {
                let cell = row.get(c).map_or("", String::as_str);
                if c == 0 {
                    line.push_str(&format!("{cell:<w$}"));
                } else {
                    line.push_str(&format!("  {cell:>w$}"));
                }
            }
            println!("{}", line.trim_end());
            if i == 0 {
                println!(
                    "{}",
                    "-".repeat(width.iter().sum::<usize>() + 2 * (cols - 1))
                );
            }
        }
    }
}

/// The standard comparison table: wall and CPU of seq, rayon and weft (and chili, where any
/// row has it), and weft's ratios to rayon.
pub fn compare_table(rows: &[Compare]) -> Table {
    let chili = rows.iter().any(|c| c.chili.is_some());
    let header: Vec<&str> = [
        Some("workload"),
        Some("threads"),
        Some("seq wall"),
        Some("rayon wall"),
        Some("weft wall"),
        chili.then_some("chili wall"),
        Some("seq cpu"),
        Some("rayon cpu"),
        Some("weft cpu"),
        chili.then_some("chili cpu"),
        Some("weft/rayon wall"),
        Some("weft/rayon cpu"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut t = Table::new(&header);
    let opt = |s: Option<Duration>| s.map_or_else(|| "-".to_string(), dur);
    for c in rows {
        let cells = [
            Some(c.name.clone()),
            Some(c.threads.to_string()),
            Some(opt(c.seq.map(|s| s.wall))),
            Some(dur(c.rayon.wall)),
            Some(dur(c.weft.wall)),
            chili.then(|| opt(c.chili.map(|s| s.wall))),
            Some(opt(c.seq.map(|s| s.cpu))),
            Some(dur(c.rayon.cpu)),
            Some(dur(c.weft.cpu)),
            chili.then(|| opt(c.chili.map(|s| s.cpu))),
            Some(ratio(c.weft.wall, c.rayon.wall)),
            Some(ratio(c.weft.cpu, c.rayon.cpu)),
        ];
        t.row(cells.into_iter().flatten().collect());
    }
    t
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
    fn csv_text_reads_back_as_the_records_written() {
        let mut a = Record::new(
            "fib(30), 2 pools",
            "weft",
            2,
            Sample {
                wall: Duration::from_micros(1_500),
                cpu: Duration::from_millis(3),
            },
        );
        a.ops_per_s = 12.5;
        let b = Record::new("idle burn", "seq", 1, Sample::default());
        let back = from_csv(&to_csv(&[a, b])).unwrap();
        let fields = |r: &Record| {
            (
                r.experiment.clone(),
                r.variant.clone(),
                r.threads,
                r.sample.wall,
                r.sample.cpu,
                r.ops_per_s,
            )
        };
        assert_eq!(
            back.iter().map(fields).collect::<Vec<_>>(),
            [
                (
                    "fib(30); 2 pools".to_string(),
                    "weft".to_string(),
                    2,
                    Duration::from_micros(1_500),
                    Duration::from_millis(3),
                    12.5
                ),
                (
                    "idle burn".to_string(),
                    "seq".to_string(),
                    1,
                    Duration::ZERO,
                    Duration::ZERO,
                    0.0
                ),
            ]
        );
    }

    #[test]
    fn csv_text_without_the_header_or_with_a_short_line_is_refused() {
        assert_eq!(from_csv("a,b,c\n").unwrap_err(), "a,b,c");
        let short = format!("{CSV_HEADER}\nfib,weft,2,0.1\n");
        assert_eq!(from_csv(&short).unwrap_err(), "fib,weft,2,0.1");
    }
}
