//! The stage binaries of the workspace under test, built once per run of the tests by one
//! `cargo build` (found at run time, so a copied workspace builds and tests its own), and
//! located by what cargo reports, not by guessing a path under `target/`.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The binary of reference stage `stage` (1 to 5).
///
/// # Panics
///
/// When cargo cannot build the stages: every test that needs them fails with cargo's message.
pub(crate) fn binary(stage: u8) -> PathBuf {
    static BINARIES: OnceLock<Result<Vec<PathBuf>, String>> = OnceLock::new();
    match BINARIES.get_or_init(build) {
        Ok(binaries) => binaries[usize::from(stage) - 1].clone(),
        Err(message) => panic!("{message}"),
    }
}

/// Builds `stage1` to `stage5` in the profile and target folder of this test binary.
fn build() -> Result<Vec<PathBuf>, String> {
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
    for stage in 1..=5 {
        command.args(["-p", &format!("stage{stage}")]);
    }
    let output = command
        .output()
        .map_err(|error| format!("cannot run cargo to build the stages: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo could not build the stages ({})",
            output.status
        ));
    }
    let mut binaries = vec![None; 5];
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let name = message["target"]["name"].as_str().unwrap_or_default();
        if let (Some(stage), Some(executable)) = (
            name.strip_prefix("stage")
                .and_then(|n| n.parse::<usize>().ok()),
            message["executable"].as_str(),
        ) && (1..=5).contains(&stage)
        {
            binaries[stage - 1] = Some(PathBuf::from(executable));
        }
    }
    binaries
        .into_iter()
        .enumerate()
        .map(|(index, path)| path.ok_or(format!("cargo did not report stage{}", index + 1)))
        .collect()
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
