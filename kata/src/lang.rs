//! The languages `kata new` knows: where each stage's program lives, its starter, the commands
//! that build and run it (written from the one table of languages, [`languages::Recipe`], by
//! which a package's submissions are built and run too), and the files a project in that
//! language needs besides.
//!
//! A starter builds and runs but prints nothing, so that it fails stage 1 (and every later stage)
//! until the learner writes the program. Any other language works too: a learner changes the
//! commands in `kata.toml`.

use std::fmt;

use grade::project::StageCommands;
use languages::{Paths, Recipe, Start, recipe};

/// A language a project can be made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Rust: a cargo workspace, one package a stage (`cargo run -p stage3`).
    Rust,
    /// Python 3.
    Python,
    /// Java: one `Main` class a stage.
    Java,
    /// JavaScript, on Node.js.
    JavaScript,
    /// C.
    C,
    /// C++.
    Cpp,
}

/// The language `--lang` names, or why none: a name kata does not offer is never taken for the
/// nearest one it does (`cobol` is not `c`).
///
/// # Errors
///
/// When kata offers no language of that name.
pub fn parse(name: &str) -> Result<Language, String> {
    Language::from_key(name).ok_or_else(|| {
        format!(
            "kata offers no language `{name}`: it has {}. For another, make a project in one of \
             them and change the commands in kata.toml",
            Language::keys()
        )
    })
}

impl Language {
    /// Every language, in the order the help lists them.
    pub const ALL: [Language; 6] = [
        Language::Rust,
        Language::Python,
        Language::Java,
        Language::JavaScript,
        Language::C,
        Language::Cpp,
    ];

    /// The name `--lang` and `kata.toml` use: `javascript`.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Language::Rust => "rust",
            Language::Python => "python",
            Language::Java => "java",
            Language::JavaScript => "javascript",
            Language::C => "c",
            Language::Cpp => "cpp",
        }
    }

    /// The names of every language, for messages: `rust, python, ...`.
    #[must_use]
    pub fn keys() -> String {
        Language::ALL.map(Language::key).join(", ")
    }

    /// The language named `key` in `kata.toml`, if `kata` knows it.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|language| language.key() == key)
    }

    /// Its language in the one table of languages.
    #[must_use]
    pub fn language(self) -> languages::Language {
        self.recipe().language
    }

    /// How a program in this language is built and run; a Rust project is built by cargo
    /// instead.
    fn recipe(self) -> &'static Recipe {
        match self {
            Language::Rust => &recipe::RUST,
            Language::Python => &recipe::PYTHON3,
            Language::Java => &recipe::JAVA,
            Language::JavaScript => &recipe::JAVASCRIPT,
            Language::C => &recipe::C,
            Language::Cpp => &recipe::CPP,
        }
    }

    /// The program a project in this language needs to build and run its stages.
    #[must_use]
    pub fn toolchain(self) -> &'static str {
        match self {
            Language::Rust => "cargo",
            _ => self.recipe().compiler(),
        }
    }

    /// The file of stage `stage` that the learner writes, from the project's folder: the file
    /// (or class) its language's programs start from, where the format names one.
    #[must_use]
    pub fn source(self, stage: u8) -> String {
        let file = match (self, self.recipe().start) {
            (Language::Rust, _) => "src/main.rs".to_owned(),
            (_, Start::File { names, .. }) => names.first().copied().unwrap_or_default().to_owned(),
            (_, Start::Class { name }) => format!("{name}.java"),
            // Every source of C and C++ is built alike: the name is the project's own.
            (Language::Cpp, Start::Whole) => "main.cpp".to_owned(),
            (_, Start::Whole) => "main.c".to_owned(),
        };
        format!("stage{stage}/{file}")
    }

    /// The starter of stage `stage`, titled `title`, of the kata `kata`: a program that
    /// builds, runs, and prints nothing.
    #[must_use]
    pub fn starter(self, stage: u8, kata: &str, title: &str) -> String {
        let about = format!("Stage {stage} of the {kata} kata: {title}");
        let task = "The task is in README.md in this folder; `kata check` grades this program.";
        match self {
            Language::Rust => format!(
                "//! {about}\n//! The task is in README.md in this package's folder; `kata check` \
                 grades this program.\n\nfn main() {{}}\n"
            ),
            Language::Python => format!(
                "# {about}\n# {task}\n\n\ndef main():\n    pass\n\n\n\
                 if __name__ == \"__main__\":\n    main()\n"
            ),
            Language::Java => format!(
                "// {about}\n// {task}\n\npublic class Main {{\n    \
                 public static void main(String[] args) {{\n    }}\n}}\n"
            ),
            Language::JavaScript => {
                format!(
                    "// {about}\n// {task}\n\"use strict\";\n\nfunction main() {{}}\n\nmain();\n"
                )
            }
            Language::C => {
                format!("/* {about}\n * {task} */\n\nint main(void) {{\n    return 0;\n}}\n")
            }
            Language::Cpp => format!("// {about}\n// {task}\n\nint main() {{\n    return 0;\n}}\n"),
        }
    }

    /// The starter of stage `stage` (as [`Language::starter`]) in C or C++, built with a
    /// package's driver (`drivers`, beside it, with `main`) that calls the functions `headers`
    /// declare: it includes them and has no `main` of its own, so that it does not build until
    /// the learner writes them.
    #[must_use]
    pub fn starter_for_driver(
        self,
        (stage, kata, title): (u8, &str, &str),
        drivers: &[String],
        headers: &[String],
    ) -> String {
        let (open, close) = match self {
            Language::C => ("/*", " */"),
            _ => ("//", ""),
        };
        let line = if open == "/*" { " *" } else { "//" };
        let declared = if headers.is_empty() {
            "the functions it calls".to_owned()
        } else {
            format!("the functions {} declares", headers.join(" and "))
        };
        let includes: String = headers
            .iter()
            .map(|header| format!("#include \"{header}\"\n"))
            .collect();
        format!(
            "{open} Stage {stage} of the {kata} kata: {title}\n\
             {line} The task is in README.md in this folder; `kata check` grades this program.\n\
             {line} The problem's driver, {drivers} beside this file, has `main`: write here\n\
             {line} {declared}.{close}\n\n{includes}",
            drivers = drivers.join(" and "),
        )
    }

    /// How stage `stage` is built and run, from the project's folder, with the files of a
    /// package's `include/` beside its program: where every source is built (C, C++, Java),
    /// every source of the stage's folder is, theirs with the learner's; a program that starts
    /// from a file (Python, JavaScript, Rust) brings in the others itself.
    #[must_use]
    pub fn commands_with_included(self, stage: u8) -> StageCommands {
        if self == Language::Rust || matches!(self.recipe().start, Start::File { .. }) {
            return self.commands(stage);
        }
        let source = self.source(stage);
        let extension = source.rsplit('.').next().unwrap_or_default();
        self.commands_of(stage, format!("stage{stage}/*.{extension}"))
    }

    /// How stage `stage` is built and run, from the project's folder.
    #[must_use]
    pub fn commands(self, stage: u8) -> StageCommands {
        self.commands_of(stage, self.source(stage))
    }

    /// How stage `stage` is built and run from `sources` (a file, or a wildcard of files), by
    /// its language's recipe; a Rust project by cargo.
    fn commands_of(self, stage: u8, sources: String) -> StageCommands {
        if self == Language::Rust {
            // The target folder is named, so that a CARGO_TARGET_DIR set for other projects
            // does not move the program away from where `run` finds it.
            return StageCommands {
                build: Some(format!(
                    "cargo build --quiet --target-dir target -p stage{stage}"
                )),
                run: format!("./target/debug/stage{stage}"),
            };
        }
        let recipe = self.recipe();
        let made = format!("build/stage{stage}");
        let paths = Paths {
            start: match recipe.start {
                Start::Whole => None,
                Start::File { .. } => Some(self.source(stage)),
                Start::Class { name } => Some(name.to_owned()),
            },
            sources: vec![sources],
            source_folder: format!("stage{stage}"),
            made: recipe.made.map(|_| made.clone()),
        };
        let build = recipe.build_line(&paths).join(" ");
        let makes_a_file = recipe.made.is_some_and(|made| !made.is_folder);
        // A compiler does not make the folder of the program it writes, a shell does, first;
        // and a wildcard wants a shell.
        let build = if makes_a_file {
            format!("sh -c 'mkdir -p build && {build}'")
        } else if build.contains('*') {
            format!("sh -c '{build}'")
        } else {
            build
        };
        // A program run by its path is written as one, never to be looked for on the PATH.
        let run = recipe.run_line(&Paths {
            made: recipe.made.map(|_| {
                if makes_a_file {
                    format!("./{made}")
                } else {
                    made
                }
            }),
            ..paths
        });
        StageCommands {
            run: run.join(" "),
            build: Some(build),
        }
    }

    /// The files a project in this language has besides each stage's description and source,
    /// as (path, text) pairs.
    #[must_use]
    pub fn project_files(self, stages: u8) -> Vec<(String, String)> {
        let ignored = match self {
            Language::Rust => "/target\n",
            Language::Python => "__pycache__/\n",
            Language::Java | Language::C | Language::Cpp => "/build\n",
            Language::JavaScript => "",
        };
        let mut files = vec![(".gitignore".to_owned(), format!("{ignored}*.bak*\n"))];
        if self == Language::Rust {
            let members: Vec<String> = (1..=stages)
                .map(|stage| format!("\"stage{stage}\""))
                .collect();
            files.push((
                "Cargo.toml".to_owned(),
                format!(
                    "[workspace]\nresolver = \"3\"\nmembers = [{}]\n",
                    members.join(", ")
                ),
            ));
            for stage in 1..=stages {
                files.push((
                    format!("stage{stage}/Cargo.toml"),
                    format!(
                        "[package]\nname = \"stage{stage}\"\nversion = \"0.1.0\"\n\
                         edition = \"2024\"\n\n[dependencies]\n"
                    ),
                ));
            }
        }
        files
    }
}

impl fmt::Display for Language {
    /// The language's name for people: `JavaScript`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Language::Rust => "Rust",
            Language::Python => "Python",
            Language::Java => "Java",
            Language::JavaScript => "JavaScript",
            Language::C => "C",
            Language::Cpp => "C++",
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    #[test]
    fn each_language_is_the_formats_that_tells_its_source() {
        for language in Language::ALL {
            let source = language.source(1);
            let extension = Path::new(&source)
                .extension()
                .and_then(|extension| extension.to_str())
                .expect("an extension");
            let named = languages::by_extension(extension).expect("named by the format");
            assert_eq!(language.language().in_format(), Some(named), "{language}");
            assert_eq!(
                named.name.split(' ').next(),
                Some(language.to_string().as_str())
            );
        }
    }

    #[test]
    fn a_stages_program_is_the_one_its_languages_recipe_starts_from() {
        for language in Language::ALL {
            let recipe = Recipe::of(language.language()).expect("a recipe");
            let source = PathBuf::from(language.source(1));
            let files = [PathBuf::from("stage1/helper.x"), source.clone()];
            match recipe.start {
                Start::File { .. } => assert_eq!(
                    recipe.start_file(&files, Some(Path::new("stage1")), None, None),
                    Some(source),
                    "{language}"
                ),
                Start::Class { .. } => {
                    assert_eq!(
                        recipe.start_class(&files, true, None).as_deref(),
                        Some("Main")
                    );
                    assert!(language.commands(1).run.ends_with(" Main"));
                }
                Start::Whole => {}
            }
        }
    }

    #[test]
    fn a_stage_is_built_and_run_as_a_packages_submission_in_its_language() {
        let c = Language::C.commands(2);
        assert_eq!(
            c.build.as_deref(),
            Some(
                "sh -c 'mkdir -p build && gcc -O2 -std=gnu17 -I stage2 stage2/main.c \
                 -o build/stage2 -lm'"
            )
        );
        assert_eq!(c.run, "./build/stage2");
        let java = Language::Java.commands_with_included(2);
        assert_eq!(
            java.build.as_deref(),
            Some("sh -c 'javac -encoding UTF-8 -d build/stage2 stage2/*.java'")
        );
        assert_eq!(java.run, "java -cp build/stage2 Main");
        assert_eq!(
            Language::JavaScript.commands_with_included(2),
            Language::JavaScript.commands(2)
        );
        assert_eq!(Language::JavaScript.commands(2).run, "node stage2/main.js");
    }
}
