//! The reference of a learner's `kata.toml` (the table of keys under `## kata.toml` of
//! `docs/src/reference/kata.md`) against the parser of `grade`'s projects, both ways: every key
//! the table names is one the parser reads, and every key it reads is in the table. The parser's
//! keys are found by asking it, as [`crate::manifest`] asks the manifest's: a `kata.toml` with a
//! key no table takes is refused with the keys that table does take (serde's "unknown field
//! `…`, expected `…` or `…`").

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use grade::project::Project;
use test_support::Trial;

use crate::katas::workspace;
use crate::manifest::{cells, spans};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("project":
        every_key_of_kata_toml_is_in_the_reference_and_every_key_it_names_is_read,
    )
}

/// The page whose table documents the keys.
const PAGE: &str = "docs/src/reference/kata.md";

/// A key no table of `kata.toml` takes, written to learn which keys a table does take.
const PROBE: &str = "not-a-key-of-any-table";

/// The keys `kata.toml`'s parser reads, as the page names them: `kata` at the top, and `run` of
/// each stage's table as `[stageN].run`.
fn keys_read() -> BTreeSet<String> {
    let refused_with = |text: &str| {
        let error = Project::parse(Path::new("project"), text)
            .expect_err("a key no table takes is refused");
        let message = error.to_string();
        let expected = message
            .split_once("expected ")
            .unwrap_or_else(|| panic!("no keys named in: {message}"))
            .1;
        spans(expected).map(str::to_owned).collect::<Vec<_>>()
    };
    let stage = "[stage1]\nrun = \"true\"\n";
    let mut keys: BTreeSet<String> = refused_with(&format!("{PROBE} = 1\n{stage}"))
        .into_iter()
        .collect();
    keys.insert("[stageN]".to_owned());
    keys.extend(
        refused_with(&format!("{stage}{PROBE} = 1\n"))
            .into_iter()
            .map(|key| format!("[stageN].{key}")),
    );
    keys
}

/// The keys the table of the page's `kata.toml` section names: each row's first code span.
fn keys_documented(page: &str) -> BTreeSet<String> {
    let section = page
        .split("\n## `kata.toml`\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_else(|| panic!("{PAGE} has no section `kata.toml`"));
    section
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .filter_map(|row| spans(cells(row).first()?).next().map(str::to_owned))
        .collect()
}

fn every_key_of_kata_toml_is_in_the_reference_and_every_key_it_names_is_read() {
    let page = fs::read_to_string(workspace().join(PAGE))
        .unwrap_or_else(|error| panic!("{PAGE}: {error}"));
    let (documented, read) = (keys_documented(&page), keys_read());
    assert!(
        read.contains("kata") && read.contains("[stageN].run"),
        "the parser was asked wrongly: {read:?}"
    );
    assert_eq!(
        documented, read,
        "{PAGE}'s table of keys and the parser differ"
    );
}
