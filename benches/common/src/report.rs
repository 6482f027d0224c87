//! Markdown tables from result files: one row per experiment and pool size, a column per
//! variant, weft's ratios to the others with their spread, and the summary and "where weft is
//! slower" tables of BENCHMARKS.md. The benches print their own tables with the same code, so
//! a table reads the same on the terminal and on the page.

use crate::results::{Record, ResultFile};
use crate::units::dur;
use comfy_table::{presets::ASCII_MARKDOWN, CellAlignment, Table};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

/// Variants weft's wall time is divided by, in column order, where a table has them.
const AGAINST: [&str; 4] = ["rayon", "chili", "chili-every-join", "ideal"];

/// A column of [`table`]: its cell in a row (the row's records).
type Column = Box<dyn Fn(&[&Record]) -> String>;

/// A ratio at or above this counts as weft being slower.
const SLOWER: f64 = 1.05;

/// A markdown table with this header, every column but the first right-aligned.
fn markdown(header: Vec<String>) -> Table {
    let mut t = Table::new();
    t.load_preset(ASCII_MARKDOWN).set_header(header);
    for (i, col) in t.column_iter_mut().enumerate() {
        if i > 0 {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
}

/// weft's figure over another's: the ratio of the medians, and the 25th and 75th percentiles
/// of the round-by-round ratios (alternating rounds pair up by index) where both have three
/// rounds or more.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// Median over median.
    pub mid: f64,
    /// The quartiles of the per-round ratios.
    pub spread: Option<(f64, f64)>,
}

impl Ratio {
    /// `a` over `b`, by wall time (`cpu` false) or CPU time; `None` where `b` is zero.
    pub fn of(a: &Record, b: &Record, cpu: bool) -> Option<Ratio> {
        let (am, bm, ar, br) = if cpu {
            (a.cpu_s, b.cpu_s, &a.cpu_rounds_s, &b.cpu_rounds_s)
        } else {
            (a.wall_s, b.wall_s, &a.wall_rounds_s, &b.wall_rounds_s)
        };
        if bm <= 0.0 {
            return None;
        }
        let mut per: Vec<f64> = ar
            .iter()
            .zip(br)
            .filter(|(_, &y)| y > 0.0)
            .map(|(x, y)| x / y)
            .collect();
        per.sort_by(f64::total_cmp);
        let spread = (per.len() >= 3 && ar.len() == br.len())
            .then(|| (per[per.len() / 4], per[(3 * per.len()) / 4]));
        Some(Ratio {
            mid: am / bm,
            spread,
        })
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.2}x", self.mid)?;
        if let Some((lo, hi)) = self.spread {
            write!(f, " ({lo:.2}-{hi:.2})")?;
        }
        Ok(())
    }
}

/// The rows of one table: its records grouped by experiment and pool size, in first-seen order.
fn rows<'a>(records: &[&'a Record]) -> Vec<((String, usize), Vec<&'a Record>)> {
    let mut out: Vec<((String, usize), Vec<&Record>)> = Vec::new();
    for r in records {
        let key = (r.experiment.clone(), r.threads);
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(r),
            None => out.push((key, vec![r])),
        }
    }
    out
}

/// The variants of a table in column order: seq, rayon, weft, chili, then the rest as seen.
fn variants(records: &[&Record]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for known in ["seq", "rayon", "weft", "chili"] {
        if records.iter().any(|r| r.variant == known) {
            out.push(known.to_string());
        }
    }
    for r in records {
        if !out.contains(&r.variant) {
            out.push(r.variant.clone());
        }
    }
    out
}

/// One table of records: a row per experiment and pool size; per variant its median wall
/// time (or operations per second), CPU time and peak memory where recorded; then weft's
/// wall-time ratio to each of `AGAINST` present, and its CPU ratio to rayon's.
pub fn table(records: &[&Record]) -> Table {
    let vs = variants(records);
    let has = |v: &str, f: fn(&Record) -> bool| records.iter().any(|r| r.variant == v && f(r));
    let has_weft = vs.iter().any(|v| v == "weft");
    let mut header = vec!["workload".to_string(), "threads".to_string()];
    let mut cols: Vec<Column> = Vec::new();
    for v in &vs {
        let find = {
            let v = v.clone();
            move |row: &[&Record]| row.iter().find(|r| r.variant == v).copied().cloned()
        };
        if has(v, |r| r.ops_per_s.is_some()) {
            header.push(format!("{v} ops/s"));
            let find = find.clone();
            cols.push(Box::new(move |row| {
                find(row)
                    .and_then(|r| r.ops_per_s)
                    .map_or("-".into(), |o| format!("{o:.0}"))
            }));
        } else {
            header.push(v.clone());
            let find = find.clone();
            cols.push(Box::new(move |row| {
                find(row).map_or("-".into(), |r| dur(Duration::from_secs_f64(r.wall_s)))
            }));
        }
        if has(v, |r| r.cpu_s > 0.0) {
            header.push(format!("{v} cpu"));
            let find = find.clone();
            cols.push(Box::new(move |row| {
                find(row).map_or("-".into(), |r| dur(Duration::from_secs_f64(r.cpu_s)))
            }));
        }
        if has(v, |r| r.peak_mib.is_some()) {
            header.push(format!("{v} peak MiB"));
            cols.push(Box::new(move |row| {
                find(row)
                    .and_then(|r| r.peak_mib)
                    .map_or("-".into(), |m| format!("{m:.0}"))
            }));
        }
    }
    let ratio_col = |against: &'static str, cpu: bool| -> Column {
        Box::new(move |row| {
            let get = |v: &str| row.iter().find(|r| r.variant == v);
            get("weft")
                .zip(get(against))
                .and_then(|(w, o)| Ratio::of(w, o, cpu))
                .map_or("-".into(), |r| r.to_string())
        })
    };
    if has_weft {
        for against in AGAINST {
            if vs.iter().any(|v| v == against) {
                header.push(format!("weft/{against}"));
                cols.push(ratio_col(against, false));
            }
        }
        if has("weft", |r| r.cpu_s > 0.0) && has("rayon", |r| r.cpu_s > 0.0) {
            header.push("weft/rayon cpu".into());
            cols.push(ratio_col("rayon", true));
        }
    }
    let mut t = markdown(header);
    for ((experiment, threads), row) in rows(records) {
        let mut cells = vec![experiment, threads.to_string()];
        cells.extend(cols.iter().map(|c| c(&row)));
        t.add_row(cells);
    }
    t
}

/// The tables of `files`, by name, each with its records from every file in file order.
pub fn tables(files: &[ResultFile]) -> BTreeMap<String, Vec<(&ResultFile, &Record)>> {
    let mut out: BTreeMap<String, Vec<(&ResultFile, &Record)>> = BTreeMap::new();
    for f in files {
        for r in &f.records {
            out.entry(r.table.clone()).or_default().push((f, r));
        }
    }
    out
}

/// Where and when the files behind a table ran: one line per distinct machine, commit and
/// date, with the command.
fn provenance(files: &[&ResultFile]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for f in files {
        let load = f
            .load_average
            .map_or_else(String::new, |l| format!(", load {l:.2} at the start"));
        let line = format!(
            "_{}; `{}`, {}{load}: `{}`_",
            f.machine, f.commit, f.date, f.command
        );
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines.join("  \n")
}

/// One table with its title and provenance, as markdown.
pub fn section(name: &str, rows: &[(&ResultFile, &Record)]) -> String {
    let mut files: Vec<&ResultFile> = Vec::new();
    for (f, _) in rows {
        if !files.iter().any(|g| std::ptr::eq(*g, *f)) {
            files.push(f);
        }
    }
    let title = files
        .iter()
        .find_map(|f| f.titles.get(name))
        .cloned()
        .unwrap_or_else(|| name.to_string());
    let records: Vec<&Record> = rows.iter().map(|(_, r)| *r).collect();
    format!(
        "**{title}**  \n{}\n\n{}\n",
        provenance(&files),
        table(&records)
    )
}

/// The end of a bench: prints its tables, then writes its result file, unless this is a
/// smoke run (`cargo test --benches`, without `--bench`), which only says how to measure.
pub fn finish(file: &ResultFile, smoke: bool) {
    print(file);
    if smoke {
        println!(
            "smoke run only (no `--bench`): `cargo bench --bench {}` measures",
            file.bench
        );
    } else {
        file.write_and_say();
    }
}

/// Prints every table of one result file (as a bench does when it finishes).
pub fn print(file: &ResultFile) {
    let files = std::slice::from_ref(file);
    for (name, rows) in tables(files) {
        println!("\n{}", section(&name, &rows));
    }
}

/// weft's wall-time (or CPU-time) ratios to `against` over every row of `records` that has
/// both.
fn ratios<'a>(records: &[&'a Record], against: &str, cpu: bool) -> Vec<(&'a Record, Ratio)> {
    rows(records)
        .into_iter()
        .filter_map(|(_, row)| {
            let w = row.iter().find(|r| r.variant == "weft")?;
            let o = row.iter().find(|r| r.variant == against)?;
            Some((*w, Ratio::of(w, o, cpu)?))
        })
        .collect()
}

/// The geometric mean of the ratios' medians, and their least and greatest.
fn spread(ratios: &[(&Record, Ratio)]) -> String {
    if ratios.is_empty() {
        return "-".into();
    }
    // A zero (a pool that burnt no CPU at all) has no logarithm: left out of the mean.
    let mids: Vec<f64> = ratios
        .iter()
        .map(|(_, r)| r.mid)
        .filter(|&x| x > 0.0)
        .collect();
    if mids.is_empty() {
        return "0x".into();
    }
    let geo = (mids.iter().map(|x| x.ln()).sum::<f64>() / mids.len() as f64).exp();
    let (lo, hi) = mids
        .iter()
        .fold((f64::INFINITY, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    format!("{geo:.2}x ({lo:.2}-{hi:.2})")
}

/// The summary: per table, weft's wall time over rayon's and chili's and its CPU time over
/// rayon's (geometric mean over the rows, and the least and greatest row), with the machine,
/// commit and date of its files.
pub fn summary(files: &[ResultFile]) -> String {
    let mut t = markdown(
        [
            "table",
            "rows",
            "weft/rayon",
            "weft/chili",
            "weft/rayon cpu",
            "machine, commit, date",
        ]
        .map(String::from)
        .to_vec(),
    );
    for (name, rows) in tables(files) {
        let records: Vec<&Record> = rows.iter().map(|(_, r)| *r).collect();
        let (vr, vc) = (
            ratios(&records, "rayon", false),
            ratios(&records, "chili", false),
        );
        let cpu = ratios(&records, "rayon", true);
        if vr.is_empty() && vc.is_empty() {
            continue;
        }
        let f = rows[0].0;
        t.add_row(vec![
            format!("`{name}`"),
            vr.len().max(vc.len()).to_string(),
            spread(&vr),
            spread(&vc),
            spread(&cpu),
            format!("{} CPUs, `{}`, {}", f.machine.cpus, f.commit, f.date),
        ]);
    }
    format!(
        "weft's median over the other's: geometric mean over a table's rows, and (in \
         brackets) its best and worst row. Below 1: weft is faster. For `idle` the CPU column \
         is the figure (its wall time is the idle period).\n\n{t}\n"
    )
}

/// Every row where weft's median wall time is at least `SLOWER` times rayon's or chili's.
pub fn slower(files: &[ResultFile]) -> String {
    let mut t = markdown(
        [
            "table",
            "workload",
            "threads",
            "against",
            "weft/other (p25-p75)",
        ]
        .map(String::from)
        .to_vec(),
    );
    let mut any = false;
    for (name, rows) in tables(files) {
        let records: Vec<&Record> = rows.iter().map(|(_, r)| *r).collect();
        for against in ["rayon", "chili"] {
            for (w, r) in ratios(&records, against, false) {
                if r.mid >= SLOWER {
                    any = true;
                    t.add_row(vec![
                        name.clone(),
                        w.experiment.clone(),
                        w.threads.to_string(),
                        against.to_string(),
                        r.to_string(),
                    ]);
                }
            }
        }
    }
    if any {
        format!("{t}\n")
    } else {
        "No row in these files has weft 5% or more slower.\n".into()
    }
}

/// Every generated section by marker name: `summary`, `slower`, and each table.
pub fn sections(files: &[ResultFile]) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = tables(files)
        .iter()
        .map(|(name, rows)| (name.clone(), section(name, rows)))
        .collect();
    out.insert("summary".into(), summary(files));
    out.insert("slower".into(), slower(files));
    out
}

/// `doc` with the text between each `<!-- table:NAME -->` and `<!-- /table:NAME -->` replaced
/// by `sections[NAME]`; markers without a section are left as they are. Returns the new text
/// and the names of the sections replaced.
pub fn splice(doc: &str, sections: &BTreeMap<String, String>) -> (String, Vec<String>) {
    let mut out = String::with_capacity(doc.len());
    let mut done = Vec::new();
    let mut rest = doc;
    while let Some(at) = rest.find("<!-- table:") {
        let open_end = match rest[at..].find("-->") {
            Some(e) => at + e + 3,
            None => break,
        };
        let name = rest[at + "<!-- table:".len()..open_end - 3]
            .trim()
            .to_string();
        let close = format!("<!-- /table:{name} -->");
        let (Some(body), Some(close_at)) = (sections.get(&name), rest[open_end..].find(&close))
        else {
            out.push_str(&rest[..open_end]);
            rest = &rest[open_end..];
            continue;
        };
        out.push_str(&rest[..open_end]);
        let _ = write!(out, "\n{}", body.trim_end());
        out.push('\n');
        rest = &rest[open_end + close_at..];
        done.push(name);
    }
    out.push_str(rest);
    (out, done)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(variant: &str, walls: &[f64]) -> Record {
        let mut sorted = walls.to_vec();
        sorted.sort_by(f64::total_cmp);
        Record {
            table: "t".into(),
            experiment: "fib".into(),
            variant: variant.into(),
            threads: 2,
            wall_s: sorted[sorted.len() / 2],
            wall_rounds_s: walls.to_vec(),
            ..Record::default()
        }
    }

    #[test]
    fn a_ratio_pairs_rounds_by_index() {
        let w = rec("weft", &[1.0, 2.0, 3.0, 4.0]);
        let r = rec("rayon", &[2.0, 2.0, 2.0, 2.0]);
        let x = Ratio::of(&w, &r, false).unwrap();
        assert_eq!(x.mid, 1.5);
        assert_eq!(x.spread, Some((1.0, 2.0)));
        assert_eq!(x.to_string(), "1.50x (1.00-2.00)");
    }

    #[test]
    fn a_table_has_a_column_per_variant_and_weft_over_rayon() {
        let (w, r) = (rec("weft", &[1.0; 3]), rec("rayon", &[2.0; 3]));
        let text = table(&[&r, &w]).to_string();
        let header: Vec<&str> = text
            .lines()
            .next()
            .unwrap()
            .split('|')
            .map(str::trim)
            .collect();
        assert_eq!(
            header,
            ["", "workload", "threads", "rayon", "weft", "weft/rayon", ""]
        );
        assert!(text.contains("0.50x (0.50-0.50)"), "{text}");
    }

    #[test]
    fn splice_replaces_between_markers_and_keeps_the_rest() {
        let doc = "a\n<!-- table:x -->\nold\n<!-- /table:x -->\nb\n<!-- table:y -->\nkeep\n<!-- /table:y -->\n";
        let sections = BTreeMap::from([("x".to_string(), "new\n".to_string())]);
        let (out, done) = splice(doc, &sections);
        assert_eq!(
            out,
            "a\n<!-- table:x -->\nnew\n<!-- /table:x -->\nb\n<!-- table:y -->\nkeep\n<!-- /table:y -->\n"
        );
        assert_eq!(done, ["x"]);
    }
}
