//! `kata new`: a learner's project in a new or empty folder: a README, each stage's task and
//! starter, `kata.toml`, and a progress file with nothing done yet.

use std::fs;
use std::io::Write;
use std::path::Path;

use grade::project;

use crate::course::Course;
use crate::error::KataError;
use crate::included::Included;
use crate::lang::Language;
use crate::progress::Progress;

/// Makes a project of `course`'s kata, named in `kata.toml` as `kata_key`, in `language` in
/// `folder` (shown as `shown`), and says what it made on `out`.
///
/// # Errors
///
/// When `folder` exists and is not an empty folder, or a file cannot be written.
pub fn new_project(
    course: &Course,
    kata_key: &str,
    folder: &Path,
    shown: &Path,
    language: Language,
    out: &mut dyn Write,
) -> Result<(), KataError> {
    match fs::read_dir(folder) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(KataError::NotEmpty(shown.to_owned()));
            }
        }
        Err(_) if folder.exists() => return Err(KataError::NotEmpty(shown.to_owned())),
        Err(_) => {}
    }
    let title = &course.kata.title;
    let included = Included::of(course, language)?;
    let mut files = vec![
        ("README.md".to_owned(), readme(course, language)),
        (
            project::FILE_NAME.to_owned(),
            kata_toml(course, kata_key, language, included.as_ref()),
        ),
    ];
    files.extend(language.project_files(course.stage_count()));
    for stage in course.stages() {
        files.push((
            format!("stage{stage}/README.md"),
            course.learner_description(stage)?,
        ));
        files.push((
            language.source(stage),
            starter(course, language, stage, included.as_ref()),
        ));
    }
    for (path, text) in &files {
        let path = folder.join(path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)
                .map_err(KataError::file(format!("cannot make {}", parent.display())))?;
        }
        fs::write(&path, text)
            .map_err(KataError::file(format!("cannot write {}", path.display())))?;
    }
    if let Some(included) = &included {
        for stage in course.stages() {
            let source = folder.join(language.source(stage));
            included.copy_into(source.parent().unwrap_or(folder))?;
        }
    }
    Progress::default().save(folder)?;
    let shown = shown.display();
    let source = language.source(1);
    let program = source.trim_start_matches("stage1/");
    writeln!(out, "Made a {title} kata in {language} in {shown}:")?;
    writeln!(out, "  README.md           how the kata goes")?;
    writeln!(
        out,
        "  {:<20}how each stage is built and run",
        project::FILE_NAME
    )?;
    let folders = match course.stage_count() {
        1 => "stage1/".to_owned(),
        count => format!("stage1/ .. stage{count}/"),
    };
    writeln!(
        out,
        "  {folders:<20}each stage's task (README.md) and your program ({program})"
    )?;
    if let Some(included) = &included {
        let names: Vec<String> = included
            .files
            .iter()
            .map(|(relative, _)| relative.display().to_string())
            .collect();
        writeln!(
            out,
            "  {:<20}beside each program, the problem's own files: {}",
            format!("{}/", included.shown.display()),
            names.join(", ")
        )?;
        if included.drives(language) {
            writeln!(
                out,
                "  {:<20}has `main`: your program is the functions it calls, and builds \
                 once they are written",
                included.drivers.join(", ")
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Next: cd {shown}, read stage1/README.md and write {source}; then `kata check`, or \
         `kata watch` to check each time you save."
    )?;
    Ok(())
}

/// The starter of `stage` in `language`: one that builds and prints nothing, or, beside a
/// package's driver (`included`), one that includes the headers of the functions it calls.
#[must_use]
pub fn starter(
    course: &Course,
    language: Language,
    stage: u8,
    included: Option<&Included>,
) -> String {
    let (kata, title) = (&course.kata.title, course.title(stage));
    match included {
        Some(included) if included.drives(language) => {
            language.starter_for_driver((stage, kata, title), &included.drivers, &included.headers)
        }
        _ => language.starter(stage, kata, title),
    }
}

/// The project's README: the flow in a few lines.
fn readme(course: &Course, language: Language) -> String {
    let source = language.source(1);
    let program = source.trim_start_matches("stage1/");
    let cargo = if language == Language::Rust {
        "\n`cargo run -p stage1` runs your own stage 1 (each stage is a package of this cargo \
         workspace).\n"
    } else {
        ""
    };
    let (title, count) = (&course.kata.title, course.stage_count());
    let stages = crate::course::plural(usize::from(count), "stage", "stages");
    let summary = course
        .kata
        .summary
        .as_deref()
        .map_or_else(String::new, |summary| format!("{summary}\n"));
    format!(
        "# {title} in {language}\n\n{summary}\
         The {title} kata has {stages}. Each stage is a folder: its task is in `README.md`, \
         your program\nin `{program}`, which starts out doing nothing.\n\n\
         1. Read `stage1/README.md` and write `{source}`.\n\
         2. `kata check` builds your current stage and grades it on its test cases; when every \
         case passes,\n   the next stage is yours. `kata watch` checks again each time you \
         save.\n\
         3. Stuck on a case? `kata hint`. To see what a stage should do: `kata play 1`.\n{cargo}\n\
         `kata list` shows your progress; `kata reset N` brings back stage N's starter (yours is \
         kept as a\nbackup beside it). `{file}` says how each stage is built and run: change it \
         to use another\ncompiler or language.\n",
        file = project::FILE_NAME,
    )
}

/// The project's `kata.toml`, with a comment that says how to change it; with a package's
/// `included` files, each stage builds them with the learner's program.
fn kata_toml(
    course: &Course,
    kata_key: &str,
    language: Language,
    included: Option<&Included>,
) -> String {
    let mut text = format!(
        "# How `kata check` builds and runs each stage of this {} kata, from this folder.\n\
         # Each command line is split into words as a shell would, but run without one (write\n\
         # `sh -c '...'` for a shell). Change them to use another compiler or language; `lang` \
         names\n# the language of the starters that `kata reset` brings back; `kata` the kata (the \
         name of one\n# built into kata, or its folder).\n\
         kata = {}\n\
         lang = {}\n",
        course.kata.title,
        quoted(kata_key),
        quoted(language.key())
    );
    for stage in course.stages() {
        let commands = match included {
            Some(_) => language.commands_with_included(stage),
            None => language.commands(stage),
        };
        text.push_str(&format!("\n[stage{stage}]\n"));
        if let Some(build) = &commands.build {
            text.push_str(&format!("build = {}\n", quoted(build)));
        }
        text.push_str(&format!("run = {}\n", quoted(&commands.run)));
    }
    text
}

/// `text` as a TOML string.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grade::project::Project;

    #[test]
    fn kata_toml_reads_back_as_the_kata_and_the_commands_of_each_language() {
        let kata =
            grade::katas::named(Path::new(""), Path::new(grade::katas::DEFAULT)).expect("built in");
        let course = Course::new(kata).expect("its fixtures");
        for language in Language::ALL {
            let text = kata_toml(&course, "tictactoe", language, None);
            let project = Project::parse(Path::new("p"), &text).expect("readable");
            assert_eq!(project.lang.as_deref(), Some(language.key()));
            assert_eq!(project.kata.as_deref(), Some("tictactoe"));
            assert_eq!(
                project.stage_numbers().count(),
                usize::from(course.stage_count())
            );
            for stage in course.stages() {
                assert_eq!(
                    *project.commands(stage).expect("every stage"),
                    language.commands(stage)
                );
            }
        }
    }
}
