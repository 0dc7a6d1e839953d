//! Builds a copy of every kata of this repository into `grade` (and so into `kata`), so that an
//! installed grader works anywhere, offline: the kata at the repository's root (its manifest,
//! and the stage descriptions and fixtures the manifest names) and each kata in a folder of its
//! own under `katas/` (the whole folder, reference scripts included). The files stay their one
//! source: they are copied into the build's own folder, and cargo rebuilds when they change.

use std::env;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

const MANIFEST: &str = "kata-manifest.toml";

fn main() -> io::Result<()> {
    link_tests_at_a_fixed_address();
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let repository = manifest_dir.parent().unwrap_or(&manifest_dir).to_owned();
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default()).join("katas");
    if out.exists() {
        fs::remove_dir_all(&out)?;
    }
    fs::create_dir_all(&out)?;
    copy_root_kata(&repository, &out)?;
    let katas = repository.join("katas");
    println!("cargo::rerun-if-changed={}", katas.display());
    if let Ok(entries) = fs::read_dir(&katas) {
        for entry in entries {
            let folder = entry?.path();
            if folder.join(MANIFEST).is_file() {
                let name = kata_name(&folder.join(MANIFEST))?;
                copy_folder(&folder, &out.join(name))?;
            }
        }
    }
    Ok(())
}

/// The grader's test binary is also the faulty submissions it grades, started some 400 times a
/// `cargo test`: linked as a position-independent executable, each start has the dynamic loader
/// relocate some 70,000 addresses and copy the pages that hold them, 0.6 ms of its 1.5 ms.
/// Linked at a fixed address, as test binaries need no address randomisation, it has none to
/// relocate. `grade` itself stays position-independent.
fn link_tests_at_a_fixed_address() {
    if env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo::rustc-link-arg-tests=-no-pie");
    }
}

/// The kata at the repository's root: its manifest and the files it names.
fn copy_root_kata(repository: &Path, out: &Path) -> io::Result<()> {
    let manifest = repository.join(MANIFEST);
    println!("cargo::rerun-if-changed={}", manifest.display());
    let text = fs::read_to_string(&manifest)?;
    let table: toml::Table = text.parse().map_err(io::Error::other)?;
    let name = kata_name(&manifest)?;
    let target = out.join(&name);
    fs::create_dir_all(&target)?;
    fs::write(target.join(MANIFEST), &text)?;
    let stages = table
        .get("stages")
        .and_then(toml::Value::as_array)
        .cloned()
        .unwrap_or_default();
    for stage in &stages {
        for key in ["description", "fixtures"] {
            let Some(relative) = stage.get(key).and_then(toml::Value::as_str) else {
                continue;
            };
            let source = repository.join(relative);
            println!("cargo::rerun-if-changed={}", source.display());
            let destination = target.join(relative);
            if source.is_dir() {
                copy_folder(&source, &destination)?;
            } else if source.is_file() {
                if let Some(parent) = destination.parent() {
                    fs::create_dir_all(parent)?;
                }
                fs::copy(&source, &destination)?;
            }
        }
    }
    Ok(())
}

/// The `name` a manifest gives its kata.
fn kata_name(manifest: &Path) -> io::Result<String> {
    let table: toml::Table = fs::read_to_string(manifest)?
        .parse()
        .map_err(io::Error::other)?;
    table
        .get("name")
        .and_then(toml::Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| io::Error::other(format!("{} has no name", manifest.display())))
}

/// Copies `from` into `to`, every file and folder but hidden ones and build output.
fn copy_folder(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') || name == "target" {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            copy_folder(&path, &to.join(&name))?;
        } else if path.is_file() {
            fs::copy(&path, to.join(&name))?;
        }
    }
    Ok(())
}
