//! Printing results: aligned tables on stdout, a progress line on stderr, CSV files under target/weft-bench/ for the plot script.

use super::Sample;
use std::io::Write;
use std::path::PathBuf;
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

/// Where results go: `target/weft-bench/` of the workspace.
pub fn results_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/weft-bench"))
}

/// Writes `records` to `target/weft-bench/{name}.csv`; returns the path.
pub fn write_csv(name: &str, records: &[Record]) -> std::io::Result<PathBuf> {
    let dir = results_dir();
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{name}.csv"));
    let mut out = String::from("experiment,variant,threads,wall_s,cpu_s,ops_per_s\n");
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
    std::fs::write(&path, out)?;
    Ok(path)
}

/// Replaces the progress line on stderr.
pub fn progress(msg: &str) {
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r\x1b[2K{msg}");
    let _ = err.flush();
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

/// The standard comparison table: wall and CPU of seq, rayon and weft, and weft's ratios.
pub fn compare_table(rows: &[super::experiments::Compare]) -> Table {
    let mut t = Table::new(&[
        "workload",
        "threads",
        "seq wall",
        "rayon wall",
        "weft wall",
        "seq cpu",
        "rayon cpu",
        "weft cpu",
        "weft/rayon wall",
        "weft/rayon cpu",
    ]);
    let opt = |s: Option<Duration>| s.map_or_else(|| "-".to_string(), dur);
    for c in rows {
        t.row(vec![
            c.name.clone(),
            c.threads.to_string(),
            opt(c.seq.map(|s| s.wall)),
            dur(c.rayon.wall),
            dur(c.weft.wall),
            opt(c.seq.map(|s| s.cpu)),
            dur(c.rayon.cpu),
            dur(c.weft.cpu),
            ratio(c.weft.wall, c.rayon.wall),
            ratio(c.weft.cpu, c.rayon.cpu),
        ]);
    }
    t
}
