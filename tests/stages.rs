//! The binaries of the workspace under test (the packages the katas' manifests name as built-in
//! references, and the tools `grade` and `kata` that the docs' examples run), built once per run
//! of the tests by cargo (found at run time, so a copied workspace builds and tests its own), and
//! located by what cargo reports, not by guessing a path under `target/`.

use std::collections::BTreeMap;
use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The binary of the Tic-Tac-Toe kata's reference stage `stage`, the package `stageN`.
///
/// # Panics
///
/// As [`built_in`].
pub(crate) fn binary(stage: u8) -> PathBuf {
    built_in(&format!("stage{stage}"))
}

/// The binary of the built-in reference or tool `name`, a package of the workspace.
///
/// # Panics
///
/// When cargo cannot build the binaries: every test that needs them fails with cargo's
/// message; or when `name` is neither a tool nor a reference a kata names.
pub(crate) fn built_in(name: &str) -> PathBuf {
    static BINARIES: OnceLock<Result<BTreeMap<String, PathBuf>, String>> = OnceLock::new();
    match BINARIES.get_or_init(build) {
        Ok(binaries) => match binaries.get(name) {
            Some(binary) => binary.clone(),
            None => panic!("`{name}` is neither a tool nor a built-in reference of a kata"),
        },
        Err(message) => panic!("{message}"),
    }
}

/// The tools the docs' examples run, beside the references.
const TOOLS: [&str; 2] = ["grade", "kata"];

/// Builds every built-in reference and tool in the profile and target folder of this test
/// binary. The tools are asked of `cargo test --no-run --workspace`: the `cargo test` that runs
/// this binary has built them already, with the features the workspace's tests unify, where a
/// `cargo build` of them alone would build them and all they depend on a second time, with
/// other features (most of a minute after a change to the harness, inside the trials' time).
/// The references, whose binaries `cargo test` does not build, are asked of `cargo build`.
fn build() -> Result<BTreeMap<String, PathBuf>, String> {
    let references = crate::katas::built_in_references();
    let mut build = vec!["build".to_owned(), "--bins".to_owned()];
    build.extend(
        references
            .iter()
            .flat_map(|name| ["-p".to_owned(), name.clone()]),
    );
    let mut binaries = cargo_binaries(&build, &references)?;
    let test = ["test", "--no-run", "--workspace"].map(String::from);
    binaries.extend(cargo_binaries(&test, &TOOLS.map(String::from))?);
    Ok(binaries)
}

/// The binaries `names` (packages of the workspace, each with a binary of its name), of those
/// that cargo's command `words` reports it built, in this test binary's profile.
fn cargo_binaries(words: &[String], names: &[String]) -> Result<BTreeMap<String, PathBuf>, String> {
    let workspace = test_support::manifest_dir()
        .parent()
        .map(Path::to_path_buf)
        .ok_or("the tests package is inside the workspace")?;
    let cargo = env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut command = Command::new(cargo);
    command
        .current_dir(&workspace)
        .args(words)
        .args(["--quiet", "--message-format=json-render-diagnostics"])
        .args(profile())
        .stderr(Stdio::inherit());
    for name in test_support::set_for_the_trials() {
        command.env_remove(name);
    }
    let output = command
        .output()
        .map_err(|error| format!("cannot run cargo to build the binaries: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo could not build the binaries ({})",
            output.status
        ));
    }
    let mut binaries = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let name = message["target"]["name"].as_str().unwrap_or_default();
        // A binary as it runs, not its unit tests (which `cargo test` builds of a binary too).
        let is_binary = message["target"]["kind"]
            .as_array()
            .is_some_and(|kinds| kinds.iter().any(|kind| kind == "bin"))
            && message["profile"]["test"] == false;
        if let Some(executable) = message["executable"].as_str()
            && is_binary
            && names.iter().any(|known| known == name)
        {
            binaries.insert(name.to_owned(), PathBuf::from(executable));
        }
    }
    match names.iter().find(|name| !binaries.contains_key(*name)) {
        Some(missing) => Err(format!("cargo did not report {missing}")),
        None => Ok(binaries),
    }
}

/// The options that choose the cargo profile this test binary was built in, read from its
/// folder (`<target>/<profile folder>/deps/<test>`): none for `debug`, cargo's default.
fn profile() -> Vec<String> {
    let exe = env::current_exe().unwrap_or_default();
    let folder = exe
        .parent()
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .and_then(|name| name.to_str())
        .unwrap_or("debug");
    match folder {
        "debug" => Vec::new(),
        other => vec!["--profile".to_owned(), other.to_owned()],
    }
}
