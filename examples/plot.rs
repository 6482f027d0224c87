//! Draws BENCHMARKS.md's plots as SVG from the CPU harness's result files: speed-up against threads, and CPU used per workload.
//!
//! `cargo bench --bench cpu` writes `bench-results/{cpu,scaling}.json` in the target folder;
//! then `cargo run --release --example plot` writes `docs/scaling.svg` and `docs/cpu.svg`
//! (drawn with `plotters`). `-- --dir DIR` reads another folder of result files (such as one
//! brought back from `benches/many_cores.sh`), `--scaling NAME` draws only the speed-up plot
//! into `docs/NAME.svg`, `--machine TEXT` titles the plots (default: the machine in the
//! files).

use std::path::PathBuf;
use weft_bench::cli::{self, Opt};
use weft_bench::plot;
use weft_bench::results::{results_dir, Record, ResultFile};

fn main() {
    let (mut dir, mut only, mut machine) = (results_dir(), None, None);
    cli::parse(
        "cargo run --release --example plot -- [--dir DIR] [--scaling NAME] [--machine TEXT]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "dir" => dir = PathBuf::from(p.value()?),
                Opt::Long(n) if n == "scaling" => only = Some(cli::text(p)?),
                Opt::Long(n) if n == "machine" => machine = Some(cli::text(p)?),
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    let files = ResultFile::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run `cargo bench --bench cpu` first)",
            dir.display()
        )
    });
    let machine = machine.unwrap_or_else(|| {
        files
            .first()
            .map_or_else(weft_bench::machine, |f| f.machine.to_string())
    });
    let in_table = |names: &[&str]| -> Vec<&Record> {
        files
            .iter()
            .flat_map(|f| &f.records)
            .filter(|r| names.contains(&r.table.as_str()))
            .collect()
    };
    let docs = PathBuf::from("docs");
    std::fs::create_dir_all(&docs).expect("docs/");
    let scaling = in_table(&["scaling", "scaling-every-join"]);
    let name = only.as_deref().unwrap_or("scaling");
    let path = docs.join(format!("{name}.svg"));
    plot::scaling(
        &scaling,
        &format!("Speed-up over sequential code ({machine})"),
        &path,
    )
    .expect("draw the scaling plot");
    println!("wrote {}", path.display());
    if only.is_some() {
        return;
    }
    // CPU bars: every row with weft and rayon CPU in the harness's tables, then the scaling
    // workloads at 2 threads.
    let mut bars = Vec::new();
    let rows = in_table(&["idle", "forks", "mix"]).into_iter().chain(
        scaling
            .iter()
            .copied()
            .filter(|r| r.threads == 2 && r.table == "scaling"),
    );
    let all: Vec<&Record> = rows.collect();
    for w in all.iter().filter(|r| r.variant == "weft") {
        let rayon = all.iter().find(|r| {
            r.variant == "rayon"
                && r.table == w.table
                && r.experiment == w.experiment
                && r.threads == w.threads
        });
        if let Some(r) = rayon.filter(|r| r.cpu_s > 0.0) {
            bars.push((
                format!("{}, {} thr", w.experiment, w.threads),
                w.cpu_s,
                r.cpu_s,
            ));
        }
    }
    let path = docs.join("cpu.svg");
    plot::cpu(
        &bars,
        &format!("CPU time used, user+sys ({machine})"),
        &path,
    )
    .expect("draw the CPU plot");
    println!("wrote {} (from {})", path.display(), dir.display());
}
