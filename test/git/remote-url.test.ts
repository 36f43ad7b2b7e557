// Remote URLs in every form git takes, to the repository and API base of GitHub and GitLab.
import { describe, expect, it } from 'vitest';
import { apiBaseFor, GitError, hostedRepo, parseRemoteUrl } from '../../src/api.js';

describe('parseRemoteUrl', () => {
  it.each([
    ['https://github.com/acme/widgets.git', { protocol: 'https', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['https://github.com/acme/widgets', { protocol: 'https', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['https://github.com/acme/widgets.git/', { protocol: 'https', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['https://user:s3cret@GitHub.com/acme/widgets.git', { protocol: 'https', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['http://git.internal:8080/acme/widgets.git', { protocol: 'http', host: 'git.internal', port: 8080, segments: ['acme', 'widgets'] }],
    ['ssh://git@github.com/acme/widgets.git', { protocol: 'ssh', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['ssh://git@ssh.github.com:443/acme/widgets.git', { protocol: 'ssh', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['ssh://git@gitlab.example.com:2222/group/sub/project.git', { protocol: 'ssh', host: 'gitlab.example.com', segments: ['group', 'sub', 'project'] }],
    ['git+ssh://git@github.com/acme/widgets.git', { protocol: 'ssh', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['git://github.com/acme/widgets.git', { protocol: 'git', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['git@github.com:acme/widgets.git', { protocol: 'ssh', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['github.com:acme/widgets', { protocol: 'ssh', host: 'github.com', segments: ['acme', 'widgets'] }],
    ['git@gitlab.com:group/subgroup/deeper/project.git', { protocol: 'ssh', host: 'gitlab.com', segments: ['group', 'subgroup', 'deeper', 'project'] }],
    ['git@gitlab.example.com:/group/project.git', { protocol: 'ssh', host: 'gitlab.example.com', segments: ['group', 'project'] }],
    ['https://gitlab.example.com/group/my%20project.git', { protocol: 'https', host: 'gitlab.example.com', segments: ['group', 'my project'] }],
    ['ssh://git@[::1]:22/acme/widgets.git', { protocol: 'ssh', host: '[::1]', segments: ['acme', 'widgets'] }],
  ])('%s', (url, expected) => {
    expect(parseRemoteUrl(url)).toEqual(expected);
  });

  it.each(['/srv/git/widgets.git', './widgets', '../origin.git', 'file:///srv/git/widgets.git', 'C:\\repos\\widgets', 'C:/repos/widgets', 'ext::ssh -o x host', 'widgets'])(
    'a local path or unsupported transport is not a hosted remote: %s', (url) => {
      expect(parseRemoteUrl(url)).toBeUndefined();
    });
});

describe('hostedRepo and the API base', () => {
  it('GitHub.com uses api.github.com whatever the transport', () => {
    for (const url of ['https://github.com/acme/widgets.git', 'git@github.com:acme/widgets.git', 'ssh://git@ssh.github.com:443/acme/widgets.git']) {
      expect(hostedRepo('github', url)).toEqual({ kind: 'github', host: 'github.com', path: 'acme/widgets', owner: 'acme', repo: 'widgets', apiUrl: 'https://api.github.com' });
    }
  });

  it('GitHub Enterprise is <host>/api/v3, keeping an http(s) port, dropping an ssh one', () => {
    expect(hostedRepo('github', 'https://ghe.corp.example/acme/widgets.git').apiUrl).toBe('https://ghe.corp.example/api/v3');
    expect(hostedRepo('github', 'https://ghe.corp.example:8443/acme/widgets.git').apiUrl).toBe('https://ghe.corp.example:8443/api/v3');
    expect(hostedRepo('github', 'ssh://git@ghe.corp.example:7999/acme/widgets.git').apiUrl).toBe('https://ghe.corp.example/api/v3');
    expect(hostedRepo('github', 'git@ghe.corp.example:acme/widgets.git').apiUrl).toBe('https://ghe.corp.example/api/v3');
  });

  it('GitLab is <host>/api/v4 with the full project path, subgroups included', () => {
    expect(hostedRepo('gitlab', 'git@gitlab.com:group/sub/project.git')).toEqual({ kind: 'gitlab', host: 'gitlab.com', path: 'group/sub/project', owner: 'group/sub', repo: 'project', apiUrl: 'https://gitlab.com/api/v4' });
    expect(hostedRepo('gitlab', 'https://code.example.org/team/app.git').apiUrl).toBe('https://code.example.org/api/v4');
    expect(apiBaseFor('gitlab', parseRemoteUrl('http://127.0.0.1:9999/a/b.git')!)).toBe('http://127.0.0.1:9999/api/v4');
  });

  it('api_url overrides the derived base (GitLab gets /api/v4 when only the root is given)', () => {
    expect(hostedRepo('github', 'git@github.com:acme/widgets.git', 'https://proxy.example/gh/').apiUrl).toBe('https://proxy.example/gh');
    expect(hostedRepo('gitlab', 'git@gitlab.example.com:g/p.git', 'https://gitlab.example.com/gitlab').apiUrl).toBe('https://gitlab.example.com/gitlab/api/v4');
    expect(hostedRepo('gitlab', 'git@gitlab.example.com:g/p.git', 'https://gitlab.example.com/gitlab/api/v4').apiUrl).toBe('https://gitlab.example.com/gitlab/api/v4');
  });

  it('refuses remotes that name no repository, without echoing credentials', () => {
    const cases: [Parameters<typeof hostedRepo>[0], string][] = [
      ['github', '/srv/git/widgets.git'], ['github', 'https://github.com/acme'], ['github', 'https://ghe.example/group/sub/repo.git'], ['gitlab', 'https://gitlab.com/lonely'],
      ['github', 'https://user:hunter22secret@github.com/just-owner'],
    ];
    for (const [kind, url] of cases) {
      let err: unknown;
      try { hostedRepo(kind, url); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(GitError);
      expect((err as GitError).code).toBe('REMOTE_NOT_HOSTED');
      expect((err as GitError).message).not.toContain('hunter22secret');
    }
  });
});
