// Drives `shikatsu gtp` through an independent GTP client, @sabaki/gtp (npm): the client
// frames commands and parses responses (ids, success and failure, multi-line answers) by its
// own code, so a protocol mistake of the engine shows up here.
//
// Run: npm ci && node --test (from this folder), after `cargo build -p shikatsu`.
// SHIKATSU_BIN names the binary; by default the debug build under CARGO_TARGET_DIR or
// ../../../target.

import {test, before, after} from 'node:test'
import assert from 'node:assert/strict'
import {existsSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import gtp from '@sabaki/gtp'

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..', '..')
const binary =
  process.env.SHIKATSU_BIN ??
  join(process.env.CARGO_TARGET_DIR ?? join(repo, 'target'), 'debug', 'shikatsu')

let engine

before(() => {
  assert.ok(existsSync(binary), `no binary at ${binary}: run cargo build -p shikatsu first`)
  engine = new gtp.Controller(binary, ['gtp', '--max-nodes', '200000'])
  engine.start()
})

after(async () => {
  await engine.stop()
})

const send = (name, ...args) => engine.sendCommand({name, args})

// The finished 5x5 position of examples/dead-stone-in-eye.txt: a dead White stone at C4.
const finished = [
  ['b', 'b5'], ['b', 'e5'], ['b', 'a4'], ['b', 'b4'], ['b', 'e4'],
  ['b', 'a3'], ['b', 'b3'], ['b', 'c3'], ['b', 'd3'], ['b', 'e3'],
  ['w', 'c4'], ['w', 'a2'], ['w', 'b2'], ['w', 'c2'], ['w', 'd2'],
  ['w', 'e2'], ['w', 'b1'], ['w', 'd1'],
]

test('the protocol commands of interfaces.md are known', async () => {
  assert.equal((await send('protocol_version')).content, '2')
  assert.equal((await send('name')).content, 'shikatsu')
  const listed = (await send('list_commands')).content.split('\n')
  for (const c of [
    'protocol_version', 'name', 'version', 'known_command', 'list_commands', 'quit',
    'boardsize', 'clear_board', 'komi', 'play', 'undo', 'showboard', 'loadsgf',
    'final_status_list', 'final_score',
  ]) {
    assert.ok(listed.includes(c), `list_commands lacks ${c}`)
    assert.equal((await send('known_command', c)).content, 'true')
  }
  assert.equal((await send('known_command', 'genmove')).content, 'false')
})

test('ids come back with their responses', async () => {
  const r = await engine.sendCommand({id: 17, name: 'name'})
  assert.equal(r.id, 17)
  assert.equal(r.error, false)
  const bad = await engine.sendCommand({id: 18, name: 'no_such_command'})
  assert.equal(bad.id, 18)
  assert.equal(bad.error, true)
})

test('a finished position is judged and scored by J89', async () => {
  assert.equal((await send('boardsize', 5)).error, false)
  assert.equal((await send('clear_board')).error, false)
  assert.equal((await send('komi', 0.5)).error, false)
  for (const [color, vertex] of finished) {
    const r = await send('play', color, vertex)
    assert.equal(r.error, false, `play ${color} ${vertex}: ${r.content}`)
  }
  assert.equal((await send('final_score')).content, 'B+2.5')
  assert.equal((await send('final_status_list', 'dead')).content, 'C4')
  const alive = (await send('final_status_list', 'alive')).content.split('\n')
  assert.equal(alive.length, 2)
  assert.equal((await send('final_status_list', 'seki')).content, '')
  assert.equal((await send('shikatsu-status', 'C4')).content, 'dead B D4, W pass, B C5')
  // The multi-line showboard answer arrives whole.
  const board = (await send('showboard')).content
  assert.ok(board.split('\n').length >= 5, board)
})

test('illegal moves and bad arguments fail, and undo restores', async () => {
  assert.equal((await send('play', 'w', 'c3')).error, true) // occupied
  assert.equal((await send('play', 'x', 'c3')).error, true) // no such colour
  assert.equal((await send('boardsize', 30)).error, true)
  assert.equal((await send('final_status_list', 'sideways')).error, true)
  assert.equal((await send('play', 'w', 'd4')).error, false)
  assert.equal((await send('undo')).error, false)
  assert.equal((await send('final_score')).content, 'B+2.5')
})

test('shikatsu-score completes the dame and teire before scoring', async () => {
  // 7x5: D2 is dame; when White fills it, Black D1 is in atari and Black must connect at C1.
  const file = join(mkdtempSync(join(tmpdir(), 'shikatsu-gtp-')), 'teire.sgf')
  writeFileSync(
    file,
    '(;GM[1]FF[4]SZ[7:5]KM[0.5]PL[W]' +
      'AB[ba][da][aa][bb][cb][db][bc][dc][ad][bd][cd][be][de]' +
      'AW[ea][ga][eb][fb][gb][ec][gc][ed][fd][gd][ee][ge])'
  )
  assert.equal((await send('loadsgf', file)).content, 'white')
  // Strictly every group touches the dame D2: seki, no territory.
  assert.equal((await send('final_score')).content, 'W+0.5')
  assert.equal((await send('shikatsu-score')).content, 'B+1.5 W D2 dame, B C1 teire')
  assert.equal((await send('play', 'b', 'd2')).error, false)
  assert.equal((await send('shikatsu-score')).content, 'B+2.5')
  assert.equal((await send('undo')).error, false)
  // White fills and the record stops: Black, to move, owes the teire.
  assert.equal((await send('play', 'w', 'd2')).error, false)
  assert.equal((await send('shikatsu-score')).content, 'B+1.5 B C1 teire')
})
