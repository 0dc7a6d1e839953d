//! The recipes for a class on a cluster (`docs/src/how-to/many-machines.md`), checked where no
//! cluster is: the Kubernetes Indexed Job against a schema of `batch/v1` Job
//! (`tests/schemas/kubernetes-job.schema.json`), and the Slurm job array as the one
//! `scripts/slurm-cluster` submits to a real cluster in CI.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;
use test_support::Trial;

use crate::tests_dir;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("cluster":
        the_kubernetes_recipe_is_a_valid_indexed_job_of_as_many_shards_as_completions,
        the_job_schema_refuses_what_kubernetes_refuses,
        the_slurm_recipe_is_the_job_the_cluster_script_submits,
    )
}

/// The workspace's root, where the docs and the scripts are.
fn root() -> PathBuf {
    test_support::manifest_dir()
        .parent()
        .expect("grade is in the workspace")
        .to_owned()
}

/// The how-to page that holds the recipes, from the workspace's root.
const RECIPES: &str = "docs/src/how-to/many-machines.md";

/// The fenced block of `language` that follows the recipes page's line beginning with `opening`.
fn recipe_block(opening: &str, language: &str) -> String {
    let page = std::fs::read_to_string(root().join(RECIPES)).expect("the recipes page");
    let fence = format!("```{language}");
    let block: Vec<&str> = page
        .lines()
        .skip_while(|line| !line.starts_with(opening))
        .skip_while(|line| *line != fence)
        .skip(1)
        .take_while(|line| *line != "```")
        .collect();
    assert!(
        !block.is_empty(),
        "{RECIPES} has no {fence} block after `{opening}`"
    );
    block.join("\n") + "\n"
}

/// The recipes' Kubernetes Job, read as YAML.
fn kubernetes_job() -> Value {
    let yaml = recipe_block("A Kubernetes Indexed Job", "yaml");
    serde_saphyr::from_str(&yaml).unwrap_or_else(|error| panic!("{error}\n{yaml}"))
}

/// Where `job` breaks the Job schema, one line a fault.
fn schema_errors(job: &Value) -> Vec<String> {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(tests_dir().join("schemas/kubernetes-job.schema.json"))
            .expect("the schema"),
    )
    .expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    validator
        .iter_errors(job)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}

fn the_kubernetes_recipe_is_a_valid_indexed_job_of_as_many_shards_as_completions() {
    let job = kubernetes_job();
    let errors = schema_errors(&job);
    assert!(errors.is_empty(), "{errors:#?}\n{job:#}");
    // What the schema cannot say: each mount names a volume of the pod, as the API server
    // requires, and the grader's slices are the Job's indexes.
    let pod = &job["spec"]["template"]["spec"];
    let volumes: Vec<&Value> = pod["volumes"]
        .as_array()
        .map(|volumes| volumes.iter().map(|volume| &volume["name"]).collect())
        .unwrap_or_default();
    let container = &pod["containers"][0];
    for mount in container["volumeMounts"].as_array().into_iter().flatten() {
        assert!(volumes.contains(&&mount["name"]), "{mount} names no volume");
    }
    let script = container["command"][2].as_str().expect("sh -c SCRIPT");
    let completions = &job["spec"]["completions"];
    assert!(
        script.contains(&format!("--shard auto/{completions} "))
            && script.contains("part-$JOB_COMPLETION_INDEX.json"),
        "{script}"
    );
    let syntax = Command::new("sh")
        .args(["-n", "-c", script])
        .output()
        .expect("sh runs");
    assert!(syntax.status.success(), "{syntax:?}");
}

/// The schema is no rubber stamp: the recipe with one mistake a time is refused.
fn the_job_schema_refuses_what_kubernetes_refuses() {
    let mistakes: [(&[&str], Value); 5] = [
        // A Job's pods may not restart Always, Kubernetes' default.
        (
            &["spec", "template", "spec", "restartPolicy"],
            "Always".into(),
        ),
        (&["spec", "completionMode"], "indexed".into()),
        (&["spec", "completions"], "4".into()),
        (&["metadata", "name"], "Grade_Stage3".into()),
        (&["kind"], "CronJob".into()),
    ];
    for (path, value) in mistakes {
        let mut job = kubernetes_job();
        let mut slot = &mut job;
        for key in path {
            slot = &mut slot[*key];
        }
        *slot = value;
        assert!(!schema_errors(&job).is_empty(), "{path:?} accepted");
    }
    // A field Kubernetes does not have, as a misspelling makes one.
    let mut job = kubernetes_job();
    let spec = job["spec"].as_object_mut().expect("a spec");
    let mode = spec.remove("completionMode").expect("a completion mode");
    spec.insert("completionsMode".to_owned(), mode);
    assert!(!schema_errors(&job).is_empty(), "completionsMode accepted");
}

fn the_slurm_recipe_is_the_job_the_cluster_script_submits() {
    let recipe = recipe_block("A Slurm job array", "sh");
    let script = root().join("scripts/slurm-cluster");
    let submitted = Command::new("bash")
        .arg(&script)
        .arg("--job")
        .output()
        .expect("bash runs");
    assert!(submitted.status.success(), "{submitted:?}");
    assert_eq!(String::from_utf8(submitted.stdout).expect("UTF-8"), recipe);
    // The script checks that four tasks completed and merges their parts.
    assert!(recipe.contains("\n#SBATCH --array=1-4\n"), "{recipe}");
    assert!(
        recipe.contains("--json \"parts/part-$SLURM_ARRAY_TASK_ID.json\""),
        "{recipe}"
    );
}
