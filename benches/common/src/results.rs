//! Result files: each bench run writes one JSON file (its machine, commit, date, and a record
//! per figure, every round included) under the runtime target folder's `bench-results/`;
//! `report` turns them into BENCHMARKS.md's tables.

use crate::cli::{self, Machine};
use crate::measure::{Runs, Sample};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One measured figure: a row of a table (an experiment at a thread count), a variant (seq,
/// weft, rayon, ...), its median and every round.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// The table this figure belongs to ("forks", "idle", "wide", ...).
    pub table: String,
    /// What was run ("fib(30)", "idle burn", ...).
    pub experiment: String,
    /// Who ran it ("seq", "weft", "rayon", "chili", "threads", "ideal").
    pub variant: String,
    /// Threads in the pool.
    pub threads: usize,
    /// Median wall-clock seconds.
    pub wall_s: f64,
    /// Median CPU seconds (user + sys), 0 where not measured.
    pub cpu_s: f64,
    /// Wall-clock seconds of each round, in round order (alternating rounds pair up by index).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wall_rounds_s: Vec<f64>,
    /// CPU seconds of each round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cpu_rounds_s: Vec<f64>,
    /// Operations per second, where that is the figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ops_per_s: Option<f64>,
    /// Peak resident memory in MiB, where measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_mib: Option<f64>,
}

impl Record {
    /// A record of a variant's rounds.
    pub fn new(
        table: &str,
        experiment: &str,
        variant: &str,
        threads: usize,
        runs: &Runs,
    ) -> Record {
        let m = runs.median();
        let secs = |f: fn(&Sample) -> f64| runs.0.iter().map(f).collect::<Vec<_>>();
        let rounds = runs.0.len() > 1;
        Record {
            table: table.to_string(),
            experiment: experiment.to_string(),
            variant: variant.to_string(),
            threads,
            wall_s: m.wall.as_secs_f64(),
            cpu_s: m.cpu.as_secs_f64(),
            wall_rounds_s: if rounds {
                secs(|s| s.wall.as_secs_f64())
            } else {
                Vec::new()
            },
            cpu_rounds_s: if rounds {
                secs(|s| s.cpu.as_secs_f64())
            } else {
                Vec::new()
            },
            ops_per_s: None,
            peak_mib: None,
        }
    }

    /// A record of one figure with no rounds behind it.
    pub fn one(table: &str, experiment: &str, variant: &str, threads: usize, s: Sample) -> Record {
        Record::new(table, experiment, variant, threads, &Runs::one(s))
    }
}

/// What one run of a bench wrote.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ResultFile {
    /// The file's name without `.json` ("cpu", "table-t2", "join_spin-weft").
    pub bench: String,
    /// The command that made it.
    pub command: String,
    /// Where it ran.
    pub machine: Machine,
    /// The commit measured.
    pub commit: String,
    /// The day (UTC) it ran.
    pub date: String,
    /// The 1-minute load average as the run started.
    pub load_average: Option<f64>,
    /// A title for each table the records fill.
    pub titles: BTreeMap<String, String>,
    /// The figures.
    pub records: Vec<Record>,
}

impl ResultFile {
    /// An empty result file of this run, on this machine, now.
    pub fn new(bench: &str, command: &str) -> ResultFile {
        ResultFile {
            bench: bench.to_string(),
            command: command.to_string(),
            machine: Machine::here(),
            commit: cli::commit(),
            date: cli::today(),
            load_average: cli::load_average(),
            titles: BTreeMap::new(),
            records: Vec::new(),
        }
    }

    /// Names table `table`.
    pub fn title(&mut self, table: &str, title: &str) {
        self.titles.insert(table.to_string(), title.to_string());
    }

    /// Writes the file ([`write`](Self::write)) and prints where, or why it could not: the end
    /// of every bench.
    pub fn write_and_say(&self) {
        match self.write() {
            Ok(path) => println!("wrote {}", path.display()),
            Err(e) => eprintln!("could not write results: {e}"),
        }
    }

    /// Writes the file to `bench-results/{bench}.json` in [`results_dir`]; returns its path.
    pub fn write(&self) -> std::io::Result<PathBuf> {
        let dir = results_dir();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{}.json", self.bench));
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        std::fs::write(&path, text + "\n")?;
        Ok(path)
    }

    /// Reads a file that [`ResultFile::write`] wrote.
    pub fn read(path: &Path) -> std::io::Result<ResultFile> {
        let text = std::fs::read_to_string(path)?;
        serde_json::from_str(&text).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: not a weft-bench result file: {e}", path.display()),
            )
        })
    }

    /// Every result file in `dir`, by name.
    pub fn read_dir(dir: &Path) -> std::io::Result<Vec<ResultFile>> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths.iter().map(|p| ResultFile::read(p)).collect()
    }
}

/// Where result files go: the folder `WEFT_BENCH_DIR` names, else `bench-results/` in the
/// target folder of the running program (found at run time, not baked in when it was built:
/// a binary copied elsewhere writes beside itself).
pub fn results_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("WEFT_BENCH_DIR") {
        return PathBuf::from(dir);
    }
    target_dir().join("bench-results")
}

/// The target folder: `CARGO_TARGET_DIR` as the program runs, else the nearest folder above
/// the running executable that holds cargo's `CACHEDIR.TAG`, else the executable's own
/// folder.
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    let exe = std::env::current_exe().unwrap_or_default();
    let exe_dir = exe.parent().unwrap_or(Path::new(".")).to_path_buf();
    target_above(&exe_dir).unwrap_or(exe_dir)
}

/// The nearest of `dir` and its ancestors that holds `CACHEDIR.TAG` (cargo writes one at the
/// top of every target folder).
fn target_above(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| d.join("CACHEDIR.TAG").is_file())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_result_file_reads_back_as_written() {
        let mut f = ResultFile::new("test", "cargo test");
        f.title("forks", "forks");
        let runs = Runs(vec![
            Sample {
                wall: Duration::from_millis(3),
                cpu: Duration::from_millis(5),
            },
            Sample {
                wall: Duration::from_millis(1),
                cpu: Duration::from_millis(2),
            },
        ]);
        f.records
            .push(Record::new("forks", "fib(30)", "weft", 2, &runs));
        let text = serde_json::to_string(&f).unwrap();
        let back: ResultFile = serde_json::from_str(&text).unwrap();
        assert_eq!(back, f);
        assert_eq!(back.records[0].wall_s, 0.003);
        assert_eq!(back.records[0].wall_rounds_s, [0.003, 0.001]);
    }

    #[test]
    fn the_target_folder_is_found_above_the_executable() {
        let root = std::env::temp_dir().join(format!("weft-bench-target-{}", std::process::id()));
        let deep = root.join("release/deps");
        std::fs::create_dir_all(&deep).unwrap();
        assert_eq!(target_above(&deep), None);
        std::fs::write(root.join("CACHEDIR.TAG"), "").unwrap();
        assert_eq!(target_above(&deep), Some(root.clone()));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
