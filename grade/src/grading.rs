//! One run of `grade` as its options ask: the options and the kata resolved once into the
//! stage's plan ([`crate::planning`]), then one program graded on it and reported in every format
//! asked for, or a class handed to [`crate::class_grading`].

use std::io::Write;
use std::path::Path;

use harness::Program;
use harness::feedback::Paint;
use harness::plan::all_passed;
use harness::results::Criterion;
use report::format::Format;
use report::model::ProgramResults;
use report::{Heading, text};

use crate::class_grading::grade_class;
use crate::error::{GradeError, status_of};
use crate::options::Options;
use crate::planning::{self, Asked};
use crate::{class, graded, katas, outputs, reference};

/// Grades as `options` ask, writing the report to `out`, whose failures `out` keeps (see
/// [`report::Report`]): the JSON is written whatever becomes of the report.
pub(crate) fn grade_as_asked(
    options: &Options,
    empty_command: bool,
    paint: Paint,
    out: &mut impl Write,
) -> Result<u8, GradeError> {
    if empty_command && options.command.is_empty() {
        return Err(GradeError::Usage(
            "nothing follows `--`: give the command to grade, or leave out `--` to grade the \
             reference"
                .to_owned(),
        ));
    }
    if options.shard.is_some() && options.class.is_none() {
        return Err(GradeError::Usage(
            "--shard takes a slice of a class: give --class DIR".to_owned(),
        ));
    }
    let shard = options
        .shard
        .map(|spec| spec.resolve(|name| std::env::var(name).ok()))
        .transpose()
        .map_err(GradeError::Usage)?;
    let outputs = outputs::Outputs::new(
        &options.formats,
        options.json.as_deref(),
        options.class.is_some(),
    )?;
    let class = options
        .class
        .as_deref()
        .map(|class| class::submissions(class, &options.command))
        .transpose()?;
    if let Some(submissions) = &class {
        outputs.check_submission_folders(
            submissions
                .iter()
                .map(|submission| submission.name.as_os_str()),
        )?;
    }
    let kata = match &class {
        Some(submissions) if options.kata.is_none() && options.command.is_empty() => {
            kata_of_projects(options, submissions)?
        }
        _ => katas::choose(options.kata.as_deref())?,
    };
    let mut hidden = options.hidden_from_cases();
    hidden.extend(outputs.files().map(|(_, file)| file.to_owned()));
    let plan = planning::plan(
        &kata,
        options.stage,
        Asked {
            fixtures: options.fixtures.clone(),
            limits: options.stage_limits(),
            all: options.all || options.class.is_some() || outputs.need_every_case(),
            criterion: if options.content {
                Criterion::Content
            } else {
                Criterion::Exact
            },
            whole_input: options.whole_input,
            hidden,
            unsandboxed: options
                .no_sandbox
                .then(|| "as --no-sandbox asks".to_owned()),
        },
    )?;
    let context = outputs::context(format!("stage {} of {}", plan.stage, kata.title));
    if let Some(class) = class {
        let stage = kata.stage(plan.stage).map_err(GradeError::Usage)?;
        let sandbox = plan.sandbox(&[]);
        let graded = graded::graded_with(&kata, stage, &plan, sandbox.support(), &options.command)
            .map_err(GradeError::Kata)?;
        return grade_class(
            (class, shard),
            (&plan, graded),
            !options.keep_shims,
            &context,
            &outputs,
            out,
        );
    }
    // A kata's reference script runs in its folder, which lives as long as `_folder`.
    let stage = kata.stage(plan.stage).map_err(GradeError::Usage)?;
    let (program, _folder) = if options.command.is_empty() {
        reference::program(&kata, stage)?
    } else {
        (Program::command(options.command.clone()), None)
    };
    let program = match runner::shims::resolve(&program).filter(|_| !options.keep_shims) {
        Some((resolved, shim)) => {
            if outputs.on_stdout() == Format::Text {
                let _ = writeln!(out, "{} (--keep-shims runs the shim)", shim.note());
            }
            resolved
        }
        None => program,
    };
    if let Some(package) = &kata.package
        && outputs.on_stdout() == Format::Text
    {
        let limits = katas::package_limits(package, &options.stage_limits(), &plan.limits);
        let _ = writeln!(out, "{limits}");
    }
    let sandbox = plan.sandbox(&[]);
    let heading = Heading::of(&plan, sandbox.support());
    let (fixtures, results) = plan
        .grade(&program, &sandbox)
        .map_err(GradeError::OwnResources)?;
    let label = if options.command.is_empty() {
        program.label().to_owned()
    } else {
        format!("`{}`", program.label())
    };
    // The model, made once and only when a format other than text asks for it.
    let model = std::cell::OnceCell::new();
    let model =
        || model.get_or_init(|| ProgramResults::graded(&plan, &heading, &fixtures, &results));
    let shown = |number: usize| plan.shows(number);
    let document = |format: Format| match format {
        Format::Text => {
            let mut text = Vec::new();
            let _ = text::program_report_showing(
                &mut text,
                &label,
                heading,
                &fixtures,
                &results,
                Paint::default(),
                &shown,
            );
            String::from_utf8_lossy(&text).into_owned()
        }
        other => other.program(model(), &context).unwrap_or_default(),
    };
    // A failure to write is kept by `out` and told after the files are written.
    match outputs.on_stdout() {
        Format::Text => {
            let _ = text::program_report_showing(
                out, &label, heading, &fixtures, &results, paint, &shown,
            );
        }
        other => {
            let _ = out.write_all(document(other).as_bytes());
        }
    }
    for (format, file) in outputs.files() {
        outputs::write(file, &document(format))?;
    }
    Ok(status_of(all_passed(&results, plan.criterion)))
}

/// The kata of a class of projects graded without `--kata`: the one their `kata.toml` files
/// name, else the kata [`katas::choose`] finds.
///
/// # Errors
///
/// A usage error that says how to split the class when its projects are for several katas, or
/// that names the projects whose `kata.toml` names a kata that cannot be had here: grading them
/// against another kata would fail every case and say nothing of the mistake.
fn kata_of_projects(
    options: &Options,
    submissions: &[class::Submission],
) -> Result<kata_model::Kata, GradeError> {
    let not_found = class::katas_not_found(submissions);
    if let Some((name, why)) = not_found.first() {
        let class = options.class.as_deref().unwrap_or(Path::new("."));
        let more = match not_found.len() {
            1 => String::new(),
            2 => " (and of 1 more project)".to_owned(),
            count => format!(" (and of {} more projects)", count - 1),
        };
        return Err(GradeError::Usage(format!(
            "the kata.toml of {}{more} names a kata that cannot be had here: {why}; name the \
             kata the class is for, `grade --class {} --kata KATA {}` (a kata's name, or its \
             folder)",
            visible::visible(name.as_encoded_bytes()),
            class.display(),
            options.stage
        )));
    }
    let katas = class::katas(submissions);
    if katas.len() > 1 {
        let listed: Vec<String> = katas
            .iter()
            .map(|(kata, names)| {
                let names: Vec<_> = names
                    .iter()
                    .map(|name| visible::visible(name.as_encoded_bytes()))
                    .collect();
                format!("`{kata}` ({})", names.join(", "))
            })
            .collect();
        let class = options.class.as_deref().unwrap_or(Path::new("."));
        return Err(GradeError::Usage(format!(
            "the projects of {} are for {} katas: {}; grade each kata's projects in a run of \
             its own, `grade --class {} --kata KATA {}` for each (a kata's name, or its folder): \
             each run skips the projects of the other katas",
            class.display(),
            katas.len(),
            listed.join(", "),
            class.display(),
            options.stage
        )));
    }
    let project = submissions
        .iter()
        .find_map(|submission| match &submission.runs {
            class::Runs::Project(Some(loaded)) if matches!(submission.kata, Some(Ok(_))) => {
                loaded.as_ref().as_ref().ok()
            }
            _ => None,
        });
    match project {
        Some(project) => project.load_kata(),
        None => katas::choose(None),
    }
}
