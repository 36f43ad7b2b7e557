// Issue 23, round 2 on Meltano's own warehouse (meltano/squared): classes of error a data modeler
// would not make, each on a small project read by the real project reader, then on the real files.
//   - storage words at the end of a name (organizations_table) and dbt's `<model>_base` step are plumbing;
//   - a union that labels each branch with its system, or that also takes in other things (issues with
//     pull requests: contributions), is a supertype, not evidence that two systems' rows are one thing;
//   - a key named for how it is made (deployment_surrogate_key) still names its entity;
//   - rows that failed validation, a reporting API's rows and key-less values of another thing are not entities.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { describeFetched, fetchedProject } from '../helpers/shared.js';
import { conceptualizeLayer, writeProject, refs, names } from './helpers.js';

await initSqlColumns();
const notes = (p: DiagramProposal) => p.notes.join('\n');
const sql = (source: string, table: string, select: string) => `select ${select} from {{ source('${source}', '${table}') }}\n`;

describe('names drop storage words and base steps', () => {
  it('organizations_table is Organization; issues_base beside issues folds into Issue; a knowledge_base alone keeps its name', () => {
    const p = conceptualizeLayer([
      ['stg_dynamodb__organizations_table', ['tenant_resource_key!', 'org_name']],
      ['stg_dynamodb__projects_table', ['cloud_project_id!', 'tenant_resource_key']],
      ['stg_github__issues_base', ['issue_id', 'title']], ['stg_github__issues', ['issue_id!', 'title']],
      ['stg_help__knowledge_base', ['knowledge_base_id!', 'title']],
    ], { 'models/staging/stg_github__issues.sql': "select * from {{ ref('stg_github__issues_base') }}\n" });
    expect(names(p)).toEqual(['Issue', 'KnowledgeBase', 'Organization', 'Project']);
    expect(p.entities.find((e) => e.name === 'Issue')!.sources).toEqual(['stg_github__issues', 'stg_github__issues_base']);
    expect(refs(p)).toEqual(['Organization>Project.tenant_resource_key']);
  });
});

describe('a union over systems is not always one thing', () => {
  const files = (union: string) => ({
    'models/staging/github/stg_github__issues.sql': sql('github', 'issues', 'id as issue_id, repo_id'),
    'models/staging/github/stg_github__pull_requests.sql': sql('github', 'pull_requests', 'id as pull_request_id, repo_id'),
    'models/staging/gitlab/stg_gitlab__issues.sql': sql('gitlab', 'issues', 'id as issue_id, project_id'),
    'models/staging/gitlab/stg_gitlab__merge_requests.sql': sql('gitlab', 'merge_requests', 'id as merge_request_id, project_id'),
    'models/marts/all_issues.sql': union,
  });
  const plain = "select issue_id from {{ ref('stg_github__issues') }}\nunion all\nselect issue_id from {{ ref('stg_gitlab__issues') }}\n";

  it('a plain union of the same noun from two systems keeps one entity, and says why', () => {
    const p = conceptualize(loadProject(writeProject(files(plain))));
    expect(names(p)).toContain('Issue');
    expect(notes(p)).toContain('issue (github, gitlab: a downstream model unions them)');
  });

  it("branches labelled with their system ('gitlab' as platform) are two things, qualified by system", () => {
    const labelled = "select 'github' as platform, issue_id from {{ ref('stg_github__issues') }}\nunion all\nselect 'gitlab' as platform, issue_id from {{ ref('stg_gitlab__issues') }}\n";
    const p = conceptualize(loadProject(writeProject(files(labelled))));
    expect(names(p)).toEqual(expect.arrayContaining(['GithubIssue', 'GitlabIssue']));
    expect(notes(p)).toContain('issue (github, gitlab)');
  });

  it('a union that also takes in pull requests and merge requests (contributions) is a supertype, not a merge', () => {
    const contributions = `${plain}union all\nselect pull_request_id from {{ ref('stg_github__pull_requests') }}\nunion all\nselect merge_request_id from {{ ref('stg_gitlab__merge_requests') }}\n`;
    const p = conceptualize(loadProject(writeProject(files(contributions))));
    expect(names(p)).toEqual(expect.arrayContaining(['GithubIssue', 'GitlabIssue']));
    expect(names(p)).not.toContain('Issue');
  });
});

describe('keys named for how they are made', () => {
  it('deployment_surrogate_key in schedules points at the deployment keyed by it', () => {
    const p = conceptualizeLayer([
      ['stg_cloud__project_deployments', ['deployment_surrogate_key!', 'git_rev']],
      ['stg_cloud__project_schedules', ['schedule_surrogate_key!', 'deployment_surrogate_key', 'interval']],
    ]);
    expect(refs(p)).toEqual(['ProjectDeployment>ProjectSchedule.deployment_surrogate_key']);
  });
});

describe('a table keyed by the one key it holds, in its own system first', () => {
  it('GTFS trips.service_id and calendar_dates.service_id are the calendar\'s key, not the Airtable Service of another system', () => {
    const p = conceptualize(loadProject(writeProject({
      'models/staging/gtfs/stg_gtfs__calendar.sql': sql('gtfs', 'calendar', 'base64_url, service_id, monday, start_date'),
      'models/staging/gtfs/stg_gtfs__calendar_dates.sql': sql('gtfs', 'calendar_dates', 'base64_url, service_id, date, exception_type'),
      'models/staging/gtfs/stg_gtfs__routes.sql': sql('gtfs', 'routes', 'route_id, route_name'),
      'models/staging/gtfs/stg_gtfs__trips.sql': sql('gtfs', 'trips', 'trip_id, route_id, service_id'),
      'models/staging/airtable/stg_airtable__services.sql': sql('airtable', 'services', 'service_id, name'),
      'models/staging/airtable/_airtable.yml': 'version: 2\nmodels:\n  - name: stg_airtable__services\n    columns:\n      - name: service_id\n        data_tests: [unique]\n',
    })));
    expect(names(p)).toEqual(['Calendar', 'CalendarDate', 'Route', 'Service', 'Trip']);
    expect(refs(p)).toEqual(['Calendar>CalendarDate.service_id', 'Calendar>Trip.service_id', 'Route>Trip.route_id']);
  });
});

describe('an application database read through a storage word (stg_postgres__…)', () => {
  const files = {
    'models/staging/stg_postgres__organizations.sql': sql('cloud_product', 'organizations', 'id as organization_id, name'),
    'models/staging/stg_postgres__users.sql': sql('cloud_product', 'users', 'id as user_id, email'),
    'models/staging/stg_postgres__teams.sql': sql('cloud_product', 'teams', 'id as team_id, organization_id, creator_id'),
    'models/staging/stg_postgres__permissions.sql': sql('cloud_product', 'permissions', 'id as permission_id, organization_id, "GRANT" as permission_grant'),
    'models/staging/stg_postgres__teams_users.sql': sql('cloud_product', 'teams_users', 'id as teams_users_id, user_id, team_id, organization_id, create_timestamp'),
    'models/staging/stg_postgres__users_permissions.sql': sql('cloud_product', 'users_permissions', 'id as user_permission_id, permission_id, organization_id, user_id, created_at'),
    'models/staging/stg_postgres__customer_info.sql': sql('cloud_product', 'customer_info', 'id as customer_info_id, organization_id, stripe_customer_id, plan_type'),
    'models/staging/stg_postgres__onboarding_checklist.sql': "select {{ dbt_utils.generate_surrogate_key(['organization_id', 'entry_key']) }} as primary_id, organization_id, entry_key, status, create_timestamp as created_at, update_timestamp as updated_at from {{ source('cloud_product', 'onboarding_checklist') }}\n",
    'models/staging/stg_postgres__repository_locations_data.sql': sql('cloud_product', 'repository_locations_data', 'id as repository_location_id, organization_id'),
    'models/staging/stg_stripe__customers.sql': sql('stripe', 'customers', 'id as customer_id, email'),
    'models/staging/stg_salesforce__users.sql': sql('salesforce', 'user', 'id as user_id, email'),
  };
  const p = conceptualize(loadProject(writeProject(files)));

  it('a noun split by system is qualified by the dbt source, not the storage word (CloudProductUser, never PostgresUser); locations_data is a location', () => {
    expect(names(p)).toEqual(expect.arrayContaining(['CloudProductUser', 'SalesforceUser', 'RepositoryLocationData']));
    expect(names(p).filter((n) => /Postgres|Locations/.test(n))).toEqual([]);
  });

  it('link tables named for their two ends stay links though they carry the tenant key and their own id; the own id is no reference', () => {
    expect(names(p).filter((n) => /Teams|Permission(?!$)/.test(n))).toEqual([]);
    expect(refs(p)).toEqual(expect.arrayContaining(['CloudProductUser>TeamsUser.user_id', 'Team>TeamsUser.team_id',
      'CloudProductUser>UsersPermission.user_id', 'Permission>UsersPermission.permission_id']));
    expect(refs(p).filter((r) => /user_permission_id|teams_users_id|UsersPermission\.organization_id|TeamsUser\.organization_id/.test(r))).toEqual([]);
  });

  it('stripe_customer_id points at the Stripe customer, not at the table it sits in; a checklist keyed by organization + entry is values of the organization', () => {
    expect(refs(p)).toContain('Customer>CustomerInfo.stripe_customer_id');
    expect(names(p)).not.toContain('OnboardingChecklist');
    expect(notes(p)).toContain('stg_postgres__onboarding_checklist → Organization (values of Organization (its key organization_id and primary_id, entry_key, status');
  });
});

describe('rows that are not things', () => {
  it('failed-validation rows, a reporting API\'s counts and key-less values of another thing are left out, with reasons', () => {
    const p = conceptualizeLayer([
      ['stg_snowplow__events', ['event_id!', 'event_name']],
      ['stg_snowplow__events_bad', ['id!', 'event_id', 'failure_message']],
      ['stg_ga__cli_events', ['event_surrogate_key!', 'command', 'event_count', 'report_start_date', 'report_end_date']],
      ['stg_github__repositories', ['repo_id!', 'repo_name', 'repo_url']],
      ['stg_github__readme', ['repo_name', 'repo_url', 'size_kb', 'readme_text']],
      ['stg_gtfs__feed_info', ['base64_url', 'feed_publisher_name', 'feed_lang']],
    ]);
    expect(names(p)).toEqual(['Event', 'FeedInfo', 'Repository']);
    expect(refs(p)).toEqual([]);
    expect(notes(p)).toContain("stg_snowplow__events_bad (rows that failed validation or loading (the pipeline's dead letters))");
    expect(notes(p)).toContain("stg_ga__cli_events (a reporting API's rows: a report period and counts per combination of dimensions)");
    expect(notes(p)).toMatch(/stg_github__readme \(no key of its own, and the columns naming its rows \(repo_name, repo_url\) name another thing/);
  });
});

describeFetched('on the real files: Meltano\'s warehouse (meltano/squared)', 'meltano-squared', () => {
  const { dir } = fetchedProject('meltano-squared');
  const p = conceptualize(loadProject(dir));

  it('DynamoDB tables are named without _table, the _base step folds in, and Meltano Cloud projects are not GitLab projects', () => {
    expect(names(p)).toEqual(expect.arrayContaining(['Organization', 'ProjectDeployment', 'ProjectSchedule', 'WorkloadMetadata', 'DynamodbProject', 'GitlabProject']));
    expect(names(p).filter((n) => /Table$|Base$/.test(n))).toEqual([]);
    expect(refs(p)).toEqual(expect.arrayContaining(['Organization>DynamodbProject.tenant_resource_key', 'DynamodbProject>ProjectDeployment.cloud_project_id',
      'ProjectDeployment>ProjectSchedule.deployment_surrogate_key', 'GitlabProject>GitlabIssue.project_id']));
  });

  it('GitHub and GitLab issues stay apart: the contributions unions label their branches and take in pull requests too', () => {
    expect(names(p)).toEqual(expect.arrayContaining(['GithubIssue', 'GitlabIssue']));
    expect(notes(p)).not.toContain('a downstream model unions them');
  });

  it('Slack messages read with the dbt_utils the project pins (0.8.2, whose surrogate_key renders) point at channels and users', () => {
    expect(refs(p)).toEqual(expect.arrayContaining(['Channel>Message.channel_id', 'User>Message.user_id', 'User>Message.parent_user_id']));
  });

  it('bad events, the Google Analytics totals and the README text are not entities', () => {
    expect(names(p).filter((n) => /Bad|CliEvent|Readme/.test(n))).toEqual([]);
  });
});
