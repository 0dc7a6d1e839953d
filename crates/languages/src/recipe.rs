//! How a program of each language built here is built and run: the command lines, with words
//! that stand for the program's files, what the build makes, and the file (or class) the
//! program starts from. A package's submission and a learner's project are built by the same
//! recipe, each filling in its own paths.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

use crate::language::Language;
use Word::{Fixed, Made as MadeWord, SourceFolder, Sources, Start as StartWord};

/// A word of a build or run command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// Itself: `-O2`.
    Fixed(&'static str),
    /// Every source file of the program, each a word.
    Sources,
    /// What the program starts from ([`Start`]): a file, a folder run whole, or a class.
    Start,
    /// The folder of its sources, where a header beside them is found.
    SourceFolder,
    /// What the build makes ([`Made`]).
    Made,
}

/// What a build makes, in the folder it builds into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Made {
    /// Its name in a folder of its own: `program`.
    pub name: &'static str,
    /// Whether it is a folder (of Java's classes), which its compiler makes; a file's folder is
    /// made before the build, as no compiler makes it.
    pub is_folder: bool,
}

/// What a program starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Every source is built into one program: none is its start (C, C++, Kotlin).
    Whole,
    /// A file: of a folder, the one its package names, else the first of `names` there, else a
    /// submission's own file beside the package's, else the only one.
    File {
        /// The names of a main file, the format's default entry point first.
        names: &'static [&'static str],
        /// A file whose presence makes the folder itself the start (Python's `__main__.py`).
        runs_folder: Option<&'static str>,
    },
    /// A class (Java): the one its package names, else a file's own name, else in a folder
    /// `name`, else the one class with a `main` method.
    Class {
        /// The format's default entry point: `Main`.
        name: &'static str,
    },
}

/// How a program of one language is built and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The language.
    pub language: Language,
    /// The command that builds it; where nothing is made, the one that checks its syntax, so
    /// that a program that cannot run is "Cannot build" with the language's own message.
    pub build: &'static [Word],
    /// The command that runs it.
    pub run: &'static [Word],
    /// What the build makes; `None` where the program runs from its sources.
    pub made: Option<Made>,
    /// What the program starts from.
    pub start: Start,
    /// The runtime the built program needs besides its compiler, looked for before the build.
    pub runtime: Option<&'static str>,
    /// Whether the build writes beside the sources (Python's `__pycache__`): a build that must
    /// leave them as they are works on a copy.
    pub writes_beside_sources: bool,
}

/// C and C++ are built with the standards problemtools and BAPCtools build with, optimised, and
/// with the maths library, as a judge builds them.
pub const C: Recipe = Recipe {
    language: Language::C,
    build: &C_BUILD,
    run: &[MadeWord],
    made: Some(PROGRAM),
    start: Start::Whole,
    runtime: None,
    writes_beside_sources: false,
};

/// C++, as C.
pub const CPP: Recipe = Recipe {
    language: Language::Cpp,
    build: &CPP_BUILD,
    ..C
};

const C_BUILD: [Word; 9] = c_family_build("gcc", "-std=gnu17");
const CPP_BUILD: [Word; 9] = c_family_build("g++", "-std=gnu++23");

/// The build of C or C++ with `compiler` to the `standard`: every source into one program.
const fn c_family_build(compiler: &'static str, standard: &'static str) -> [Word; 9] {
    [
        Fixed(compiler),
        Fixed("-O2"),
        Fixed(standard),
        Fixed("-I"),
        SourceFolder,
        Sources,
        Fixed("-o"),
        MadeWord,
        Fixed("-lm"),
    ]
}

/// A program file of one's own.
const PROGRAM: Made = Made {
    name: "program",
    is_folder: false,
};

/// Python 3, whose build compiles its sources to check them.
pub const PYTHON3: Recipe = Recipe {
    language: Language::Python3,
    // Compiling only, to report a syntax error as "Cannot build" with Python's message.
    build: &[Fixed("python3"), Fixed("-m"), Fixed("py_compile"), Sources],
    run: &[Fixed("python3"), StartWord],
    made: None,
    start: Start::File {
        names: &["main.py"],
        runs_folder: Some("__main__.py"),
    },
    runtime: None,
    writes_beside_sources: true,
};

/// Python 2's main file is the format's `main.py2`, or `main.py` where its files are told by
/// their first line.
pub const PYTHON2: Recipe = Recipe {
    language: Language::Python2,
    build: &[Fixed("python2"), Fixed("-m"), Fixed("py_compile"), Sources],
    run: &[Fixed("python2"), StartWord],
    start: Start::File {
        names: &["main.py2", "main.py"],
        runs_folder: Some("__main__.py"),
    },
    ..PYTHON3
};

/// JavaScript on Node.js, whose build checks its syntax.
pub const JAVASCRIPT: Recipe = Recipe {
    language: Language::JavaScript,
    build: &[Fixed("node"), Fixed("--check"), StartWord],
    run: &[Fixed("node"), StartWord],
    made: None,
    start: Start::File {
        names: &["main.js"],
        runs_folder: None,
    },
    runtime: None,
    writes_beside_sources: false,
};

/// Bash, whose build checks its syntax.
pub const BASH: Recipe = Recipe {
    language: Language::Bash,
    build: &[Fixed("bash"), Fixed("-n"), StartWord],
    run: &[Fixed("bash"), StartWord],
    start: Start::File {
        names: &["main.sh"],
        runs_folder: None,
    },
    ..JAVASCRIPT
};

/// Java's sources are read as UTF-8 whatever the machine's locale.
pub const JAVA: Recipe = Recipe {
    language: Language::Java,
    build: &[
        Fixed("javac"),
        Fixed("-encoding"),
        Fixed("UTF-8"),
        Fixed("-d"),
        MadeWord,
        Sources,
    ],
    run: &[Fixed("java"), Fixed("-cp"), MadeWord, StartWord],
    made: Some(Made {
        name: "classes",
        is_folder: true,
    }),
    start: Start::Class { name: "Main" },
    runtime: Some("java"),
    writes_beside_sources: false,
};

/// Kotlin, built into a jar with its runtime, which a JVM runs.
pub const KOTLIN: Recipe = Recipe {
    language: Language::Kotlin,
    build: &[
        Fixed("kotlinc"),
        Sources,
        Fixed("-include-runtime"),
        Fixed("-d"),
        MadeWord,
    ],
    run: &[Fixed("java"), Fixed("-jar"), MadeWord],
    made: Some(Made {
        name: "program.jar",
        is_folder: false,
    }),
    start: Start::Whole,
    runtime: Some("java"),
    writes_beside_sources: false,
};

/// Rust built by `rustc` alone, from its main file: the other files are its modules.
pub const RUST: Recipe = Recipe {
    language: Language::Rust,
    build: &[
        Fixed("rustc"),
        Fixed("-O"),
        Fixed("--edition"),
        Fixed("2021"),
        StartWord,
        Fixed("-o"),
        MadeWord,
    ],
    run: &[MadeWord],
    made: Some(PROGRAM),
    start: Start::File {
        names: &["main.rs"],
        runs_folder: None,
    },
    runtime: None,
    writes_beside_sources: false,
};

/// The paths a build or run command line is written with, each language taking those its
/// recipe names: `T` is an `OsString` for a command to start, a `String` for one to write down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths<T> {
    /// Every source file.
    pub sources: Vec<T>,
    /// What the program starts from, where it starts from one.
    pub start: Option<T>,
    /// The folder of its sources.
    pub source_folder: T,
    /// What the build makes, where it makes something.
    pub made: Option<T>,
}

impl Recipe {
    /// The recipe of `language`; `None` for a language nothing here builds or runs.
    #[must_use]
    pub fn of(language: Language) -> Option<&'static Recipe> {
        Some(match language {
            Language::C => &C,
            Language::Cpp => &CPP,
            Language::Python3 => &PYTHON3,
            Language::Python2 => &PYTHON2,
            Language::Java => &JAVA,
            Language::Kotlin => &KOTLIN,
            Language::Rust => &RUST,
            Language::JavaScript => &JAVASCRIPT,
            Language::Bash => &BASH,
            Language::Named(_) | Language::Scripts | Language::Unknown => return None,
        })
    }

    /// The compiler (or checker) its build starts.
    #[must_use]
    pub fn compiler(&self) -> &'static str {
        match self.build.first() {
            Some(Fixed(tool)) => tool,
            _ => "",
        }
    }

    /// The build's command line with `paths`.
    #[must_use]
    pub fn build_line<T: Clone + From<&'static str>>(&self, paths: &Paths<T>) -> Vec<T> {
        line(self.build, paths)
    }

    /// The run's command line with `paths`.
    #[must_use]
    pub fn run_line<T: Clone + From<&'static str>>(&self, paths: &Paths<T>) -> Vec<T> {
        line(self.run, paths)
    }

    /// The file of the sources `files` of a program, a folder's (`in_folder`) or a file alone,
    /// that it starts from, by [`Start::File`]'s rule: `named` is the one its package names,
    /// `own` a submission's own file among the package's. A folder run whole is `folder`. `None`
    /// for a language of [`Start::Whole`] or a class, and where none can be told.
    #[must_use]
    pub fn start_file(
        &self,
        files: &[PathBuf],
        folder: Option<&Path>,
        named: Option<&OsStr>,
        own: Option<&OsStr>,
    ) -> Option<PathBuf> {
        let Start::File { names, runs_folder } = self.start else {
            return None;
        };
        let Some(folder) = folder else {
            return files.first().cloned();
        };
        let called = |name: &OsStr| files.iter().find(|file| file.file_name() == Some(name));
        if runs_folder.is_some_and(|marker| called(OsStr::new(marker)).is_some()) {
            return Some(folder.to_path_buf());
        }
        named
            .and_then(called)
            .or_else(|| names.iter().find_map(|name| called(OsStr::new(name))))
            .or_else(|| own.and_then(called))
            .or(match files {
                [only] => Some(only),
                _ => None,
            })
            .cloned()
    }

    /// The class a program of the sources `files` starts from, by [`Start::Class`]'s rule:
    /// `named` is the one its package names (`Main` or `Main.java`); a file alone, or a folder
    /// of one, starts from its own; a folder (`in_folder`) from the default's file, else the one
    /// file that declares a `main` method. `None` for a language of files, and where none can be
    /// told.
    #[must_use]
    pub fn start_class(
        &self,
        files: &[PathBuf],
        in_folder: bool,
        named: Option<&str>,
    ) -> Option<String> {
        let Start::Class { name } = self.start else {
            return None;
        };
        if let Some(named) = named {
            return Some(named.trim_end_matches(".java").to_owned());
        }
        let stem = |file: &PathBuf| {
            file.file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
        };
        if !in_folder || files.len() == 1 {
            return files.first().and_then(stem);
        }
        if files.iter().any(|file| stem(file).as_deref() == Some(name)) {
            return Some(name.to_owned());
        }
        match files
            .iter()
            .filter(|file| {
                fs::read_to_string(file).is_ok_and(|text| text.contains("static void main"))
            })
            .collect::<Vec<_>>()
            .as_slice()
        {
            [file] => stem(file),
            _ => None,
        }
    }

    /// What a folder's program was looked for as, when it has no start: `` `main.js` or one
    /// `.js` file ``.
    #[must_use]
    pub fn looked_for(&self) -> String {
        let extension = self
            .language
            .in_format()
            .and_then(|named| named.extensions.first())
            .copied()
            .unwrap_or_default();
        match self.start {
            Start::Whole => format!("a `.{extension}` file"),
            Start::File { names, runs_folder } => {
                let names: Vec<String> = runs_folder
                    .iter()
                    .chain(names)
                    .map(|name| format!("`{name}`"))
                    .collect();
                format!("{} or one `.{extension}` file", names.join(", "))
            }
            Start::Class { name } => format!("`{name}.java` or one class with a `main` method"),
        }
    }
}

/// `words` with `paths` in place of the words that stand for them.
fn line<T: Clone + From<&'static str>>(words: &[Word], paths: &Paths<T>) -> Vec<T> {
    let mut line = Vec::new();
    for word in words {
        match word {
            Fixed(text) => line.push(T::from(text)),
            Sources => line.extend(paths.sources.iter().cloned()),
            StartWord => line.extend(paths.start.clone()),
            SourceFolder => line.push(paths.source_folder.clone()),
            MadeWord => line.extend(paths.made.clone()),
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recipes() -> impl Iterator<Item = &'static Recipe> {
        Language::BUILT_HERE.into_iter().filter_map(Recipe::of)
    }

    #[test]
    fn every_language_built_here_has_a_recipe_whose_words_it_can_fill() {
        assert_eq!(recipes().count(), Language::BUILT_HERE.len());
        for recipe in recipes() {
            let words = || recipe.build.iter().chain(recipe.run);
            assert_eq!(
                words().any(|word| *word == MadeWord),
                recipe.made.is_some(),
                "{}",
                recipe.language
            );
            assert_eq!(
                words().any(|word| *word == StartWord),
                recipe.start != Start::Whole,
                "{}",
                recipe.language
            );
            assert!(!recipe.compiler().is_empty(), "{}", recipe.language);
        }
        assert_eq!(Recipe::of(Language::Scripts), None);
        assert_eq!(Recipe::of(Language::Unknown), None);
    }

    #[test]
    fn a_recipes_main_file_is_the_formats_default_entry_point_where_it_gives_one() {
        for recipe in recipes() {
            let Some(entry) = recipe.language.in_format().and_then(|row| row.entry_point) else {
                continue;
            };
            match recipe.start {
                Start::File { names, .. } => assert_eq!(names.first(), Some(&entry)),
                Start::Class { name } => assert_eq!(name, entry),
                // Kotlin's `MainKt` is the class its compiler names the jar's start.
                Start::Whole => assert_eq!(recipe.language, Language::Kotlin),
            }
        }
    }

    #[test]
    fn lines_are_written_with_a_programs_own_paths() {
        let paths = Paths {
            sources: vec!["a.c".to_owned(), "b.c".to_owned()],
            start: None,
            source_folder: "src".to_owned(),
            made: Some("out/program".to_owned()),
        };
        let c = Recipe::of(Language::C).expect("a recipe");
        assert_eq!(
            c.build_line(&paths).join(" "),
            "gcc -O2 -std=gnu17 -I src a.c b.c -o out/program -lm"
        );
        assert_eq!(c.run_line(&paths), ["out/program"]);
        let java = Recipe::of(Language::Java).expect("a recipe");
        let paths = Paths {
            start: Some("Main".to_owned()),
            made: Some("classes".to_owned()),
            ..paths
        };
        assert_eq!(java.run_line(&paths).join(" "), "java -cp classes Main");
    }

    #[test]
    fn a_folders_start_is_the_named_file_then_the_default_then_its_own_then_the_only_one() {
        let python = Recipe::of(Language::Python3).expect("a recipe");
        let files = |names: &[&str]| -> Vec<PathBuf> {
            names.iter().map(|name| Path::new("f").join(name)).collect()
        };
        let folder = Some(Path::new("f"));
        let start = |names: &[&str], named: Option<&str>, own: Option<&str>| {
            python.start_file(
                &files(names),
                folder,
                named.map(OsStr::new),
                own.map(OsStr::new),
            )
        };
        let path = |name: &str| Some(Path::new("f").join(name));
        assert_eq!(start(&["a.py", "main.py"], None, None), path("main.py"));
        assert_eq!(
            start(&["a.py", "main.py"], Some("a.py"), None),
            path("a.py")
        );
        assert_eq!(start(&["a.py", "b.py"], None, Some("b.py")), path("b.py"));
        assert_eq!(start(&["a.py"], None, None), path("a.py"));
        assert_eq!(start(&["a.py", "b.py"], None, None), None);
        assert_eq!(
            start(&["__main__.py", "main.py"], None, None),
            Some(PathBuf::from("f"))
        );
        // A file alone is its own start, whatever its name.
        assert_eq!(
            python.start_file(&files(&["x.py"]), None, None, None),
            path("x.py")
        );
        let python2 = Recipe::of(Language::Python2).expect("a recipe");
        assert_eq!(
            python2.start_file(&files(&["a.py", "main.py"]), folder, None, None),
            path("main.py")
        );
        assert_eq!(
            python2.start_file(&files(&["main.py", "main.py2"]), folder, None, None),
            path("main.py2")
        );
    }

    #[test]
    fn a_java_programs_class_is_named_else_main_else_the_one_with_a_main_method() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            fs::write(&path, text).expect("written");
            path
        };
        let helper = write("Helper.java", "class Helper {}\n");
        let solve = write(
            "Solve.java",
            "class Solve { public static void main(String[] a) {} }\n",
        );
        let java = Recipe::of(Language::Java).expect("a recipe");
        let both = [helper.clone(), solve.clone()];
        assert_eq!(
            java.start_class(&both, true, None).as_deref(),
            Some("Solve")
        );
        assert_eq!(
            java.start_class(&both, true, Some("Helper.java"))
                .as_deref(),
            Some("Helper")
        );
        assert_eq!(
            java.start_class(std::slice::from_ref(&helper), false, None)
                .as_deref(),
            Some("Helper")
        );
        let main = write("Main.java", "class Main {}\n");
        assert_eq!(
            java.start_class(&[helper.clone(), main, solve.clone()], true, None)
                .as_deref(),
            Some("Main")
        );
        let other = write(
            "Other.java",
            "class Other { public static void main(String[] a) {} }\n",
        );
        assert_eq!(java.start_class(&[helper, other, solve], true, None), None);
    }

    #[test]
    fn says_what_a_folder_without_a_start_lacks() {
        let said = |language| Recipe::of(language).expect("a recipe").looked_for();
        assert_eq!(
            said(Language::Python3),
            "`__main__.py`, `main.py` or one `.py` file"
        );
        assert_eq!(said(Language::JavaScript), "`main.js` or one `.js` file");
        assert_eq!(said(Language::Rust), "`main.rs` or one `.rs` file");
        assert_eq!(
            said(Language::Java),
            "`Main.java` or one class with a `main` method"
        );
    }
}
