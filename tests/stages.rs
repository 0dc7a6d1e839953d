//! The binaries of the workspace under test (the packages the katas' manifests name as built-in
//! references, and the tools `grade` and `kata` that the docs' examples run), built once per run
//! of the tests by one `cargo build` (found at run time, so a copied workspace builds and tests
//! its own), and located by what cargo reports, not by guessing a path under `target/`.

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
/// binary.
fn build() -> Result<BTreeMap<String, PathBuf>, String> {
    let mut names = crate::katas::built_in_references();
    names.extend(TOOLS.map(String::from));
    let workspace = test_support::manifest_dir()
        .parent()
        .map(Path::to_path_buf)
        .ok_or("the tests package is inside the workspace")?;
    let cargo = env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut command = Command::new(cargo);
    command
        .current_dir(&workspace)
        .args([
            "build",
            "--quiet",
            "--bins",
            "--message-format=json-render-diagnostics",
        ])
        .args(["--profile", &profile()])
        .stderr(Stdio::inherit());
    for name in &names {
        command.args(["-p", name]);
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
        if let Some(executable) = message["executable"].as_str()
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

/// The cargo profile this test binary was built in, read from its folder
/// (`<target>/<profile folder>/deps/<test>`): `debug` is the `dev` profile.
fn profile() -> String {
    let exe = env::current_exe().unwrap_or_default();
    let folder = exe
        .parent()
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .and_then(|name| name.to_str())
        .unwrap_or("debug");
    match folder {
        "debug" => "dev".to_owned(),
        other => other.to_owned(),
    }
}
