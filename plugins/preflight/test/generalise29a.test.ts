/**
 * Round 29a of gate decision quality (issue 22): destructive and irreversible operations done by running a tool,
 * found by a blind batch of probes (written from the contract before any rule was read): scaling to zero, draining a
 * node, a misspelt kubectl delete, a run whose object says it destroys, a destruction said in the passive before a
 * read. Twins keep their decision: read-only runs of the same tools, questions, code that is to delete as the
 * product's feature, and a program's behaviour worded with the same verbs.
 */
import {expect} from 'chai'

import {commandsOnlyRead, readingInvocation} from '../src/lib/analyse/commands-run.js'
import {loadedGate} from './helpers.js'

describe('preflight: operations run by a tool, read or destroying (round 29a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  /** destructive: never accepted in implementation (the fixture's default preset may block it), blocked in inception and under read_only */
  const destructive = (requests: string[]) => {
    for (const r of requests) {
      expect(gate.intentOf(r), r).to.equal('destructive')
      expect(gate.decide(r).decision, r).to.be.oneOf(['needs_clarification', 'blocked'])
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  }

  /** a read-only run: accepted in inception (standard preset), not asked which command it is, blocked under read_only (no shell) */
  const runs = (requests: string[]) => {
    gate.reads(requests)
    for (const r of requests) {
      expect(gate.fired(r), r).to.not.include('clarify.run_command')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  }

  it('reads scaling to zero, draining a node and a misspelt kubectl delete as destructive', () => {
    destructive([
      'scale the checkout statefulset on prod to 0',
      'kubectl scale deploy/search --replicas=0 -n live',
      'drain node-12 so we can patch it',
      'kubetl delete svc search-api',
    ])
  })

  it('reads a run whose object says what it destroys as destructive', () => {
    destructive([
      'run `make nuke-db`, which erases the whole local database',
      'kick off the maintenance script, the one that deletes every archived account',
      'please execute yarn run storage:purge on the shared box',
      'run the ops tool prune --everything on staging',
    ])
  })

  it('reads a destruction said in the passive before a read as destructive, and a change applied as a change', () => {
    destructive(['Once the attachments table has been truncated, count the rows in notes.', 'when those stale backups are all deleted, tell me the free space'])
    expect(gate.intentOf('after the move of the export code into its own package has been applied, list the files that changed')).to.equal('change')
  })

  it('reads runs of reading subcommands, SQL reads and dry runs as read-only runs', () => {
    runs([
      'kubectl top pods -n notes',
      'run helm history notes-sync and tell me when it was last upgraded',
      'docker image ls and docker system df',
      'run terraform validate, then terraform output',
      'git shortlog -sn and git reflog',
      'run redis-cli --bigkeys and show me the largest ones',
      'run aws ec2 describe-instances and list the stopped ones',
      'run SELECT id, title FROM notes and show me the newest',
      'do a dry run with git clean --dry-run and list the files',
    ])
  })

  it('leaves writing or unknown commands, and English "explain"/"select", alone', () => {
    gate.asks(['run kubectl apply -f notes.yaml', 'run terraform apply on staging', 'run helm upgrade notes-sync ./chart', 'run kubectl get pods ; ./reset-all.sh', 'run ./ops.sh status'])
    expect(readingInvocation('explain how tags are stored')).to.equal(false)
    expect(readingInvocation('select the first note from the list')).to.equal(false)
    expect(readingInvocation('explain analyze delete from notes')).to.equal(false)
    expect(readingInvocation('select * into backup from notes')).to.equal(false)
    expect(readingInvocation('git clean -nf')).to.equal(false)
    expect(commandsOnlyRead('kubectl get pods | xargs kubectl delete pod')).to.equal(false)
    for (const r of ['explain how the session timeout is enforced', 'could you explain what terraform destroy would do here?']) {
      expect(gate.inState('inception', r).decision, r).to.equal('accepted')
      expect(gate.inState('read_only', r).decision, r).to.equal('accepted')
    }
  })

  it('keeps what code being written is to do, and program behaviour, as changes', () => {
    expect(gate.intentOf('write a migration for REQ-STORE-002; it must delete the orphaned label rows')).to.equal('change')
    expect(gate.decide('write a migration for REQ-STORE-002; it must delete the orphaned label rows').decision).to.not.equal('needs_clarification')
    // the written code aimed at a live store is still a destruction to confirm
    expect(gate.intentOf('write a small script; it should truncate the production notes table')).to.equal('destructive')
    expect(gate.intentOf('the job runner should scale its workers to zero when idle')).to.not.equal('destructive')
    expect(gate.intentOf('when a label has been removed, show a short confirmation')).to.equal('change')
    expect(gate.intentOf('what happens once the sync queue has been purged?')).to.equal('read_only')
  })
})
