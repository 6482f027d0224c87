//! Regenerates BENCHMARKS.md's tables from the benches' result files in one step.
//!
//! `cargo run -p weft-bench --release --bin report -- [DIR] [--write FILE] [--out FILE]`:
//! reads every `*.json` result file in DIR (default: `bench-results/` of the target folder),
//! and prints the summary, "where weft is slower" and every table as markdown; `--write FILE`
//! replaces the text between each `<!-- table:NAME -->` and `<!-- /table:NAME -->` marker of
//! FILE (BENCHMARKS.md) with the section NAME; `--out FILE` writes every section to FILE
//! (a per-machine record such as `benches/results/NAME.md`).

use std::path::PathBuf;
use weft_bench::cli::{self, Opt};
use weft_bench::report;
use weft_bench::results::{results_dir, ResultFile};

fn main() {
    let (mut dir, mut write, mut out) = (None, None, None);
    cli::parse(
        "report [DIR] [--write BENCHMARKS.md] [--out benches/results/MACHINE.md]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "write" => write = Some(PathBuf::from(p.value()?)),
                Opt::Long(n) if n == "out" => out = Some(PathBuf::from(p.value()?)),
                Opt::Value(v) if dir.is_none() => dir = Some(PathBuf::from(v)),
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    let dir = dir.unwrap_or_else(results_dir);
    let files = ResultFile::read_dir(&dir).unwrap_or_else(|e| {
        eprintln!("{}: {e} (run the benches first)", dir.display());
        std::process::exit(1);
    });
    if files.is_empty() {
        eprintln!("{}: no result files (run the benches first)", dir.display());
        std::process::exit(1);
    }
    let sections = report::sections(&files);
    let mut all = String::new();
    for name in ["summary", "slower"] {
        all.push_str(&format!(
            "<!-- table:{name} -->\n{}<!-- /table:{name} -->\n\n",
            sections[name]
        ));
    }
    for (name, text) in &sections {
        if name != "summary" && name != "slower" {
            all.push_str(&format!(
                "<!-- table:{name} -->\n{text}<!-- /table:{name} -->\n\n"
            ));
        }
    }
    if let Some(path) = &out {
        std::fs::write(path, &all).expect("write --out");
        eprintln!("wrote {} sections to {}", sections.len(), path.display());
    }
    match &write {
        Some(path) => {
            let doc = std::fs::read_to_string(path).expect("read --write's file");
            let (new, done) = report::splice(&doc, &sections);
            std::fs::write(path, new).expect("write --write's file");
            let missing: Vec<&String> = sections.keys().filter(|k| !done.contains(k)).collect();
            eprintln!(
                "{}: replaced {} section(s); without a marker there: {missing:?}",
                path.display(),
                done.len()
            );
        }
        None if out.is_none() => print!("{all}"),
        None => {}
    }
}
