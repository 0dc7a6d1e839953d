//! What `kata` carries inside it, so that an installed `kata` works anywhere, offline: the five
//! stage descriptions and every fixture, read from the workspace when `kata` is built (the
//! files in `stages/stageN/README.md` and `fixtures/` stay their one source).

use std::path::Path;

use harness::fixture::{self, Fixture};
use include_dir::{Dir, include_dir};

use crate::error::KataError;

/// The number of stages.
pub const STAGES: u8 = 5;

/// The fixtures folder of the workspace, as it was when `kata` was built.
static FIXTURES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../fixtures");

/// The description of each stage, as it was when `kata` was built.
static DESCRIPTIONS: [&str; STAGES as usize] = [
    include_str!("../../stages/stage1/README.md"),
    include_str!("../../stages/stage2/README.md"),
    include_str!("../../stages/stage3/README.md"),
    include_str!("../../stages/stage4/README.md"),
    include_str!("../../stages/stage5/README.md"),
];

/// The heading of the section of a stage description that says how to run and test it inside
/// the workspace; a learner's project replaces it with [`check_section`].
const WORKSPACE_SECTION: &str = "## Run and test\n";

/// The description of stage `stage` (1 to 5) as the workspace has it.
#[must_use]
pub fn description(stage: u8) -> &'static str {
    DESCRIPTIONS[usize::from(stage.clamp(1, STAGES)) - 1]
}

/// The stage's title, from its description's first line (`# Stage 3: What's up on the field?`).
#[must_use]
pub fn title(stage: u8) -> &'static str {
    let heading = description(stage).lines().next().unwrap_or_default();
    heading
        .split_once(": ")
        .map_or(heading, |(_, title)| title)
        .trim()
}

/// The description of stage `stage` for a learner's project, which has `cases` cases: the
/// workspace's, with its section on running and testing inside the workspace replaced by how to
/// do it with `kata`. `None` when the description has no such section to replace (a test
/// checks that every stage has one).
#[must_use]
pub fn learner_description(stage: u8, cases: usize) -> Option<String> {
    let text = description(stage);
    let start = text.find(WORKSPACE_SECTION)?;
    let rest = &text[start + WORKSPACE_SECTION.len()..];
    let end = rest
        .find("\n## ")
        .map_or(text.len(), |at| start + WORKSPACE_SECTION.len() + at + 1);
    Some(format!(
        "{}{}{}",
        &text[..start],
        check_section(stage, cases),
        &text[end..]
    ))
}

/// How a learner runs and checks stage `stage` with `kata`.
fn check_section(stage: u8, cases: usize) -> String {
    let cases = plural(cases, "test case", "test cases");
    format!(
        "## Try and check\n\n\
         - `kata play {stage}` runs the reference solution: try it to see what your program \
         should do.\n\
         - `kata check {stage}` builds your program as `kata.toml` says and grades it on this \
         stage's\n  {cases}, stopping at the first failure.\n\
         - `kata hint` gives a hint for the case that failed; `kata watch` checks again each \
         time you\n  save.\n\n"
    )
}

/// The fixtures of stage `stage`, sorted by name.
///
/// # Errors
///
/// When a fixture cannot be read: the build of `kata` is broken, since the workspace's tests
/// read every fixture.
pub fn fixtures(stage: u8) -> Result<Vec<Fixture>, KataError> {
    let folder = format!("stage{stage}");
    let Some(dir) = FIXTURES.get_dir(&folder) else {
        return Err(KataError::Fixture(harness::FixtureError {
            path: Path::new(fixture::FOLDER).join(&folder),
            line: None,
            message: "no such folder was built in".to_owned(),
        }));
    };
    let mut files: Vec<_> = dir
        .files()
        .filter(|file| {
            file.path()
                .extension()
                .is_some_and(|extension| extension == fixture::EXTENSION)
        })
        .collect();
    files.sort_by_key(|file| file.path());
    files
        .into_iter()
        .map(|file| {
            let path = Path::new(fixture::FOLDER).join(file.path());
            let text = file.contents_utf8().ok_or_else(|| {
                KataError::Fixture(harness::FixtureError {
                    path: path.clone(),
                    line: None,
                    message: "not UTF-8 text".to_owned(),
                })
            })?;
            fixture::parse(&path, text).map_err(KataError::Fixture)
        })
        .collect()
}

/// `count` and its noun: `1 test case`, `3 test cases`.
#[must_use]
pub fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}
