//! The stones a problem's root marks as the ones at stake (`Problem::marked`): markup on
//! stones, and a label the root comment names, on the shared Go Game Guru files and on
//! small files written here.

use puzzles::problems::{load_file, Problem};
use rules_core::{Point, PointSet};
use std::path::{Path, PathBuf};

fn ggg(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/ggg-problems/weekly-go-problems")
        .join(name)
}

fn one(path: &Path) -> Problem {
    let mut list = load_file(path).expect("the file reads");
    list.remove(0).expect("the problem reads")
}

fn points(list: &[&str]) -> PointSet {
    list.iter()
        .map(|p| p.parse::<Point>().expect("a point"))
        .collect()
}

fn from_text(name: &str, sgf: &str) -> Problem {
    let dir = std::env::temp_dir().join(format!("shikatsu-marked-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, sgf).expect("written");
    let p = one(&path);
    let _ = std::fs::remove_file(&path);
    p
}

#[test]
fn triangles_on_the_root_mark_the_stones_at_stake() {
    // "Can you find a way to capture White's two stones?" with TR[rp][rq].
    let p = one(&ggg("easy/ggg-easy-28.sgf"));
    assert_eq!(p.marked, Some(points(&["S3", "S4"])));
}

#[test]
fn a_label_the_question_names_marks_its_stone() {
    // "Can you capture White's cutting stone at A?" with LB[ep:A].
    let p = one(&ggg("easy/ggg-easy-41.sgf"));
    assert_eq!(p.marked, Some(points(&["E4"])));
    // "How can Black deal with White A?": no verb of the fight, so no mark.
    let p = one(&ggg("intermediate/ggg-intermediate-28.sgf"));
    assert_eq!(p.marked, None);
    // Most files mark nothing.
    let p = one(&ggg("intermediate/ggg-intermediate-10.sgf"));
    assert_eq!(p.marked, None);
}

#[test]
fn marks_on_empty_points_or_on_both_colours_mark_nothing() {
    let empty = from_text(
        "empty.sgf",
        "(;SZ[9]AB[aa][ba]AW[ab][bb]TR[cc]C[Black to play.](;B[ca]C[Correct]))",
    );
    assert_eq!(empty.marked, None);
    let both = from_text(
        "both.sgf",
        "(;SZ[9]AB[aa][ba]AW[ab][bb]SQ[aa][ab]C[Black to play.](;B[ca]C[Correct]))",
    );
    assert_eq!(both.marked, None);
    let label = from_text(
        "label.sgf",
        "(;SZ[9]AB[aa][ba]AW[ab][bb]LB[ab:B]C[Black to play. Kill the stone at B.](;B[ca]C[Correct]))",
    );
    assert_eq!(label.marked, Some(points(&["A8"])));
}
