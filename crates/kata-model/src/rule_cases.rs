//! A stage's cases judged by a kata's rules, as its file writes them: a list of cases, each with
//! its name, its hint, the commands it gives, the strategy of its other answers, how many runs
//! it makes and the check that judges them (the judge runs and judges them).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::fixture::FixtureError;

/// The most runs a case may ask for.
pub const MAX_RUNS: usize = 1000;

/// One case judged by rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesCase {
    /// What the case shows, as a fixture's name does.
    pub name: String,
    /// The file it is written in.
    pub path: PathBuf,
    /// The rule it checks, in a line a learner can act on.
    pub hint: String,
    /// The answers given where the program asks for a command, in order.
    pub commands: Vec<String>,
    /// The kata's strategy for the other answers.
    pub answers: String,
    /// How many times the program is run.
    pub runs: usize,
    /// The kata's check of the runs.
    pub check: String,
}

/// The file of cases as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CasesFile {
    cases: Vec<CaseFile>,
}

/// One `[[cases]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    name: String,
    description: String,
    #[serde(default)]
    commands: Vec<String>,
    answers: String,
    #[serde(default)]
    runs: Option<usize>,
    #[serde(default)]
    check: Option<String>,
}

/// The cases of the file at `path` whose text is `text`.
///
/// # Errors
///
/// When it is not a list of complete cases, or a case asks for no run or too many: the line.
pub fn parse(path: &Path, text: &str) -> Result<Vec<RulesCase>, FixtureError> {
    let error = |line: Option<usize>, message: String| FixtureError {
        path: path.to_owned(),
        line,
        message,
    };
    let file: CasesFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|span| {
            text.as_bytes()[..span.start.min(text.len())]
                .iter()
                .filter(|&&byte| byte == b'\n')
                .count()
                + 1
        });
        error(line, e.message().trim_end().to_owned())
    })?;
    file.cases
        .into_iter()
        .map(|case| {
            let runs = case.runs.unwrap_or(1);
            if runs == 0 || runs > MAX_RUNS {
                return Err(error(
                    None,
                    format!(
                        "the case `{}` asks for {runs} runs: from 1 to {MAX_RUNS}",
                        case.name
                    ),
                ));
            }
            Ok(RulesCase {
                name: case.name,
                path: path.to_owned(),
                hint: case.description,
                commands: case.commands,
                answers: case.answers,
                runs,
                check: case.check.unwrap_or_else(|| "legal".to_owned()),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cases_with_their_defaults_and_names_a_bad_line() {
        let text = "[[cases]]\nname = \"a\"\ndescription = \"hint\"\nanswers = \"first-empty\"\n\n\
            [[cases]]\nname = \"b\"\ndescription = \"h\"\ncommands = [\"start easy easy\"]\n\
            answers = \"random\"\nruns = 20\ncheck = \"first-move-varies\"\n";
        let cases = parse(Path::new("r.toml"), text).expect("cases");
        assert_eq!(cases.len(), 2);
        assert_eq!((cases[0].runs, cases[0].check.as_str()), (1, "legal"));
        assert_eq!(cases[1].commands, ["start easy easy"]);
        assert_eq!(cases[1].runs, 20);
        let error =
            parse(Path::new("r.toml"), &text.replace("runs = 20", "runs = 0")).expect_err("no run");
        assert!(error.message.contains("from 1 to"), "{error}");
        let error = parse(
            Path::new("r.toml"),
            &text.replace("answers = \"random\"\n", ""),
        )
        .expect_err("no strategy");
        assert_eq!(error.line, Some(6), "{error}");
    }
}
