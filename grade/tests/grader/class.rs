//! A whole class: every folder graded with the same command, a table row each.

use std::fs;

use test_support::Trial;

use crate::{args, grade, snapshot, submission};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("class": a_class_is_graded_folder_by_folder)
}

/// Two submissions, folders named after their faults (the submission reads its fault from the
/// folder's name): the table, its summary, and the JSON of each.
fn a_class_is_graded_folder_by_folder() {
    let class = tempfile::tempdir().expect("a temporary folder");
    for name in ["correct", "wrong-cell"] {
        fs::create_dir(class.path().join(name)).expect("a folder");
    }
    let json = class.path().join("class.json");
    let mut words = args(&[
        "--class",
        class.path().to_str().expect("UTF-8"),
        "--json",
        json.to_str().expect("UTF-8"),
    ]);
    // The folder goes where the fault would: `--submission {}`.
    let mut command = submission(&[], "{}", &[]);
    command.splice(1..1, words.drain(..));
    let graded = grade(&command);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    snapshot("a_class_is_graded_folder_by_folder", &graded.report);
    let table: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&json).expect("written")).expect("JSON");
    assert_eq!(table["task_id"], 3);
    assert_eq!(table["submissions"][0]["name"], "correct");
    assert_eq!(table["submissions"][0]["passed"], 5);
    assert_eq!(table["submissions"][1]["name"], "wrong-cell");
    assert_eq!(table["submissions"][1]["results"]["status"], "fail");
}
