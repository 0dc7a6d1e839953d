//! The languages `kata new` knows: where each stage's program lives, its starter, how it is built
//! and run, and the files a project in that language needs besides.
//!
//! A starter builds and runs but prints nothing, so that it fails stage 1 (and every later stage)
//! until the learner writes the program. Any other language works too: a learner changes the
//! commands in `kata.toml`.

use std::fmt;

use grade::project::StageCommands;
use languages::FormatLanguage;

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

    /// The language in the problem package format's table ([`languages::format`]), by which
    /// the programs of packages are told and run.
    #[must_use]
    pub fn in_format(self) -> &'static FormatLanguage {
        let code = match self {
            Language::Rust => "rust",
            Language::Python => "python3",
            Language::Java => "java",
            Language::JavaScript => "javascript",
            Language::C => "c",
            Language::Cpp => "cpp",
        };
        // Every code above is in the table, as the tests hold.
        languages::by_code(code).unwrap_or(&languages::format::TABLE[0])
    }

    /// The program a project in this language needs to build and run its stages.
    #[must_use]
    pub fn toolchain(self) -> &'static str {
        match self {
            Language::Rust => "cargo",
            Language::Python => "python3",
            Language::Java => "javac",
            Language::JavaScript => "node",
            Language::C => "cc",
            Language::Cpp => "c++",
        }
    }

    /// The file of stage `stage` that the learner writes, from the project's folder.
    #[must_use]
    pub fn source(self, stage: u8) -> String {
        match self {
            Language::Rust => format!("stage{stage}/src/main.rs"),
            Language::Python => format!("stage{stage}/main.py"),
            Language::Java => format!("stage{stage}/Main.java"),
            Language::JavaScript => format!("stage{stage}/main.js"),
            Language::C => format!("stage{stage}/main.c"),
            Language::Cpp => format!("stage{stage}/main.cpp"),
        }
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
    /// package's `include/` beside its program: in C, C++ and Java every source of the stage's
    /// folder is built, theirs with the learner's.
    #[must_use]
    pub fn commands_with_included(self, stage: u8) -> StageCommands {
        let mut commands = self.commands(stage);
        let every = match self {
            Language::C => format!("stage{stage}/*.c"),
            Language::Cpp => format!("stage{stage}/*.cpp"),
            Language::Java => format!("stage{stage}/*.java"),
            Language::Rust | Language::Python | Language::JavaScript => return commands,
        };
        commands.build = commands.build.map(|build| {
            let build = build.replace(&self.source(stage), &every);
            // The wildcard wants a shell; C and C++ are built by one already.
            if build.starts_with("sh -c ") {
                build
            } else {
                format!("sh -c '{build}'")
            }
        });
        commands
    }

    /// How stage `stage` is built and run, from the project's folder.
    #[must_use]
    pub fn commands(self, stage: u8) -> StageCommands {
        let source = self.source(stage);
        let (build, run) = match self {
            // The target folder is named, so that a CARGO_TARGET_DIR set for other projects
            // does not move the program away from where `run` finds it.
            Language::Rust => (
                Some(format!(
                    "cargo build --quiet --target-dir target -p stage{stage}"
                )),
                format!("./target/debug/stage{stage}"),
            ),
            // Compiling only, to report a syntax error as "Cannot build" with Python's message.
            Language::Python => (
                Some(format!("python3 -m py_compile {source}")),
                format!("python3 {source}"),
            ),
            Language::Java => (
                Some(format!("javac -d build/stage{stage} {source}")),
                format!("java -cp build/stage{stage} Main"),
            ),
            Language::JavaScript => (
                Some(format!("node --check {source}")),
                format!("node {source}"),
            ),
            // A compiler does not make the folder it writes into; a shell does, first.
            Language::C => (
                Some(format!(
                    "sh -c 'mkdir -p build && cc -std=c11 -Wall -Wextra -o build/stage{stage} \
                     {source}'"
                )),
                format!("./build/stage{stage}"),
            ),
            Language::Cpp => (
                Some(format!(
                    "sh -c 'mkdir -p build && c++ -std=c++17 -Wall -Wextra -o build/stage{stage} \
                     {source}'"
                )),
                format!("./build/stage{stage}"),
            ),
        };
        StageCommands { run, build }
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
    use std::path::Path;

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
            assert_eq!(language.in_format(), named, "{language}");
            assert_eq!(
                named.name.split(' ').next(),
                Some(language.to_string().as_str())
            );
        }
    }
}
