//! Writes each fixture of a folder as `<name>.in` (its standard input) and `<name>.out` (its
//! expected standard output), for tools that cannot read transcripts, such as a shell loop.
//!
//! Usage: `cargo run -p kata-model --example export_cases -- <FIXTURE_DIR> <OUT_DIR>`

use std::path::PathBuf;
use std::process::ExitCode;
use std::{env, fs};

fn main() -> ExitCode {
    let arguments: Vec<PathBuf> = env::args_os().skip(1).map(PathBuf::from).collect();
    let [fixtures, out] = arguments.as_slice() else {
        eprintln!("usage: export_cases <FIXTURE_DIR> <OUT_DIR>");
        return ExitCode::from(2);
    };
    let exported = kata_model::fixture::load_stage_dir(fixtures)
        .map_err(|error| error.to_string())
        .and_then(|cases| {
            fs::create_dir_all(out).map_err(|error| error.to_string())?;
            for case in cases {
                let write = |extension: &str, bytes: Vec<u8>| {
                    fs::write(out.join(format!("{}.{extension}", case.name)), bytes)
                        .map_err(|error| error.to_string())
                };
                write("in", case.transcript.stdin())?;
                write("out", case.transcript.stdout())?;
            }
            Ok(())
        });
    match exported {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("export_cases: {message}");
            ExitCode::FAILURE
        }
    }
}
