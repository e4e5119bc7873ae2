/**
 * Round 30b of gate decision quality (issue 22): destruction worded in ways earlier rounds did not try, found by a
 * blind batch of probes (written from the contract before any rule was read): command lines whose global options come
 * before the subcommand (`kubectl -n x --context y delete`, `terraform -chdir=x destroy`, `helm --kube-context x
 * uninstall`, `docker compose -f x down -v`), aliases (k, tf), and short destroying forms (npm unpublish, find -delete,
 * dd of=/dev, truncate -s 0, shred, a SQL TRUNCATE through a client, git tag -d, expiring every session now). Twins
 * keep their decision: the same tools with their options before a reading subcommand, a find that lists, English
 * "truncate" and "find", an alias named in a question, and a requirement's own expiry.
 */
import {expect} from 'chai'

import {withoutLeadingOptions} from '../src/lib/analyse/command-options.js'
import {loadedGate} from './helpers.js'

describe('preflight: destruction behind leading options, aliases and short forms (round 30b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()
  const destroys = (requests: string[]) => {
    for (const r of requests) {
      expect(gate.intentOf(r), r).to.equal('destructive')
      expect(gate.decide(r).decision, r).to.not.equal('accepted')
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  }

  it('takes the options before a subcommand off and reads an alias as its tool only before a subcommand', () => {
    expect(withoutLeadingOptions('kubectl --namespace=staging --context dev delete pvc data-0')).to.equal('kubectl delete pvc data-0')
    expect(withoutLeadingOptions('tf -chdir=envs/prod destroy')).to.equal('terraform destroy')
    expect(withoutLeadingOptions('k is what we call kubectl')).to.equal('k is what we call kubectl')
    expect(withoutLeadingOptions('tf files live under infra/')).to.equal('tf files live under infra/')
  })

  it('reads a destroying subcommand behind leading options or an alias as destructive', () => {
    destroys([
      'kubectl --namespace=staging --context dev delete pvc data-0',
      'terraform -chdir=envs/prod destroy',
      'helm -n billing --kube-context eu-live uninstall invoices',
      'docker compose -p notes --file compose.live.yml down --volumes',
      'k delete statefulset postgres',
      'tf destroy -auto-approve',
    ])
  })

  it('reads the same tools behind leading options with a reading subcommand as a run', () => {
    gate.reads(['kubectl --namespace=staging --context dev describe pvc data-0', 'terraform -chdir=envs/prod show', 'helm -n billing --kube-context eu-live status invoices', 'docker compose -p notes --file compose.live.yml logs', 'k get svc'])
  })

  it('reads short destroying forms as destructive', () => {
    destroys([
      'yarn unpublish notes-core@1.2.0',
      "find ./tmp -name '*.bak' -delete",
      'find . -type f -exec rm {} +',
      'dd if=backup.img of=/dev/nvme0n1',
      'truncate --size 0 notes.sqlite',
      'shred -zu secrets/old.key',
      'mysql -e "TRUNCATE sessions"',
      'git tag -d v1.0.0 v1.1.0',
      'please invalidate all the active login tokens right away',
    ])
  })

  it('keeps the twins: a listing find, English truncate and find, a question, a requirement expiry', () => {
    gate.reads(["find ./tmp -name '*.bak'", 'find docs -type f'])
    for (const r of ['truncate long note titles in the list view to 40 characters', 'find where the session timeout is set', 'what does dd of=/dev/sdb do?', 'sessions should expire after 30 minutes of inactivity'])
      expect(gate.intentOf(r), r).to.not.equal('destructive')
    gate.decides('accepted', [['let users drop a tag from a note with `notes tag rm`', 'REQ-TAG-001']])
  })
})
