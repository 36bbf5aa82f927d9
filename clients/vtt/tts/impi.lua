--[[ clients/vtt/tts/impi.lua: impi in Tabletop Simulator (a Global script).

impi plays the Zulus and umpires, in every rule set its server plays: the
script sends the table to impi-server's JSON endpoint with WebRequest, with
the British objects' moves (MOVE, or DEPLOY while the British deploy) and
the actions the host typed, then creates, moves and removes the units'
objects to match impi's answer and broadcasts what the British may be told.

Conventions (docs/vtt.md, "Tabletop Simulator"):
  - An object is a unit when its GM notes are "impi:<unit id>" (b6, z3 ...);
    the script spawns one for each unit on the table that has none, British
    (Impi.british_model) and Zulu (Impi.zulu_model).
  - 1 TTS unit = 1 inch (scale the table to the miniatures so). The table's
    lower-left corner is Impi.origin (x, z in world units); a unit at table
    inches (x, y) stands at world (origin.x + x, height, origin.z + y).
  - impi's last answer (the TableState, with the umpire's book) is kept in
    Impi.state and saved with the game (onSave / onLoad).
  - Each game gets a fresh seed (Impi.newSeed); each step's dice are seeded
    from it and the step's number, so a saved game replays.

Chat commands (the host):
  impi start NAME             a built-in scenario (impi start alone lists them)
  impi options                what impi offers now, numbered
  impi do N [HITS]            note offered action N (with the hits scored,
                              where the prompt asks for them)
  impi fire UNIT TARGET HITS  a British unit's fire and the hits it scored
  impi charge UNIT TARGET     a British charge
  impi loss UNIT N            a unit's losses resolved at the table: its close
                              combat's result while close combat is awaited,
                              else casualties (Zulu fire)
  impi pending / impi clear   what is noted / forget it
  impi send                   the moves and what is noted
  impi pass                   the same, then PASS: impi plays on
Set IMPI_SERVER to the server (127.0.0.1 for a server on this computer;
TTS allows plain http only to localhost: use https for a remote one).
]]

IMPI_SERVER = IMPI_SERVER or "http://127.0.0.1:8080"

Impi = {
  origin = { x = -36, z = -24 },  -- a 72" x 48" table centred on the world's origin
  height = 1.5,                   -- world y of the objects impi places
  state = nil,                    -- the last TableState impi returned
  awaiting = nil,                 -- what it awaits, with the options it offers
  pending = {},                   -- British actions noted, not sent yet
  seed = nil,                     -- this game's seed (a decimal string)
  steps = 0,                      -- the steps played in this game
  zulu_model = { type = "Figurine_Custom", scale = { 0.5, 0.5, 0.5 } },
  british_model = { type = "Figurine_Custom", scale = { 0.5, 0.5, 0.5 } },
}

local function say(text, colour) broadcastToAll(text, colour or { 0.9, 0.8, 0.6 }) end
local function fail(err) say("impi: " .. tostring(err), { 1, 0, 0 }) end

local function post(method, request, callback)
  WebRequest.custom(IMPI_SERVER .. "/v1/" .. method, "POST", true, JSON.encode(request),
    { ["Content-Type"] = "application/json", Accept = "application/json" },
    function(req)
      if req.is_error then return callback(nil, req.error) end
      local answer = JSON.decode(req.text)
      if req.response_code >= 400 then
        return callback(nil, tostring(answer.status) .. ": " .. tostring(answer.message))
      end
      callback(answer)
    end)
end

local function get(path, callback)
  WebRequest.get(IMPI_SERVER .. path, function(req)
    if req.is_error or (req.response_code or 200) >= 400 then return callback(nil, req.text or req.error) end
    callback(JSON.decode(req.text))
  end)
end

local function num(v) return tonumber(v) or 0 end  -- JSON leaves zeros out

local function contains(list, value)
  for _, v in ipairs(list or {}) do if v == value then return true end end
  return false
end

function Impi.toInches(pos)
  return { x = math.floor((pos.x - Impi.origin.x) * 100 + 0.5) / 100,
           y = math.floor((pos.z - Impi.origin.z) * 100 + 0.5) / 100 }
end

function Impi.toWorld(p)
  return { x = Impi.origin.x + num(p and p.x), y = Impi.height, z = Impi.origin.z + num(p and p.y) }
end

-- The unit id of an object, from its GM notes ("impi:b6"), or nil.
function Impi.unitIdOf(obj)
  return string.match(obj.getGMNotes() or "", "^impi:(%S+)")
end

-- A fresh seed for a new game: the clock's seconds and a random draw, never
-- the seed of the game before.
function Impi.newSeed()
  local seed = string.format("%.0f", os.time() * 1000 + math.random(0, 999))
  if seed == Impi.seed then seed = string.format("%.0f", tonumber(seed) + 1) end
  return seed
end

local function stepSeed()
  Impi.steps = Impi.steps + 1
  return string.format("%.0f", tonumber(Impi.seed) + Impi.steps)
end

-- Whether a dragged British object deploys rather than moves: impi offers
-- DEPLOY, or the prompt asks for it.
function Impi.dragKind(awaiting)
  awaiting = awaiting or {}
  for _, a in ipairs(awaiting.options or {}) do if a.kind == "DEPLOY" then return "DEPLOY" end end
  if string.find(awaiting.prompt or "", "%f[%w]DEPLOY%f[%W]") then return "DEPLOY" end
  return "MOVE"
end

-- Whether the British report the hits of their own fire: the prompt asks.
function Impi.firesWithHits(awaiting)
  return string.find(awaiting and awaiting.prompt or "", "%f[%w]hits%f[%W]") ~= nil
end

-- The PASS actions that end what is awaited, after `actions`: where impi
-- offers each awaited unit a PASS of its own, one for each unit with no
-- action yet; else the one PASS of the side (naming the unit of an
-- activation).
function Impi.passActions(awaiting, actions)
  awaiting = awaiting or {}
  local ids, options = awaiting.unit_ids or {}, awaiting.options or {}
  local each, plain = #ids > 0, false
  for _, a in ipairs(options) do
    if a.kind == "PASS" and not a.unit_id then plain = true end
  end
  for _, id in ipairs(ids) do
    local offered = false
    for _, a in ipairs(options) do
      if a.kind == "PASS" and a.unit_id == id then offered = true end
    end
    each = each and offered
  end
  if not each or plain then
    if #ids == 1 then return { { kind = "PASS", unit_id = ids[1] } } end
    return { { kind = "PASS" } }
  end
  local passes = {}
  for _, id in ipairs(ids) do
    local acted = false
    for _, a in ipairs(actions or {}) do if a.unit_id == id then acted = true end end
    if not acted then table.insert(passes, { kind = "PASS", unit_id = id }) end
  end
  return passes
end

-- A unit's losses resolved at the table: its close combat's result while a
-- close combat it is in is awaited, else casualties.
function Impi.lossAction(awaiting, target, casualties)
  awaiting = awaiting or {}
  local fighting = awaiting.kind == "BRITISH_CLOSE_COMBAT" and contains(awaiting.unit_ids, target)
  return { kind = fighting and "CLOSE_COMBAT_RESULT" or "CASUALTIES", target_id = target,
           casualties = math.max(0, math.floor(num(casualties))) }
end

-- An action in a few words.
function Impi.actionWords(a)
  local function at(p) return string.format("(%.1f, %.1f)", num(p and p.x), num(p and p.y)) end
  if a.kind == "MOVE" and a.target_id then return a.unit_id .. " joins " .. a.target_id end
  if a.kind == "MOVE" then return a.unit_id .. " moves to " .. at(a.to) end
  if a.kind == "DEPLOY" then return a.unit_id .. " deploys at " .. at(a.to) end
  if a.kind == "FIRE" then
    return a.unit_id .. " fires at " .. tostring(a.target_id or "the nearest target") ..
           (a.hits and (" (" .. a.hits .. " hits)") or "")
  end
  if a.kind == "CHARGE" then return a.unit_id .. " charges " .. a.target_id end
  if a.kind == "CASUALTIES" then return a.target_id .. " loses " .. num(a.casualties) end
  if a.kind == "CLOSE_COMBAT_RESULT" then return "close combat: " .. a.target_id .. " loses " .. num(a.casualties) end
  if a.kind == "PASS" then return a.unit_id and (a.unit_id .. " holds") or "pass" end
  if a.kind == "ORDER" then
    return a.unit_id .. " orders " .. tostring(a.target_id or "") ..
           (a.point == 2 and " to attack" or a.point == 1 and " to hold" or "")
  end
  return table.concat({ a.unit_id or "", string.lower(a.kind or ""), a.target_id or "" }, " ")
end

-- MOVE (or DEPLOY) actions for the British objects moved away from their
-- units, but for the units in `skip`.
function Impi.britishMoves(state, objects, kind, skip)
  local units = {}
  for _, u in ipairs(state.units or {}) do units[u.id] = u end
  local actions = {}
  for _, obj in ipairs(objects) do
    local unit = units[Impi.unitIdOf(obj) or ""]
    if unit and unit.side == "BRITISH" and not unit.off_table and not (skip and skip[unit.id]) then
      local at = Impi.toInches(obj.getPosition())
      local pos = unit.position or {}
      if math.abs(at.x - num(pos.x)) > 0.05 or math.abs(at.y - num(pos.y)) > 0.05 then
        table.insert(actions, { kind = kind or "MOVE", unit_id = unit.id, to = at })
      end
    end
  end
  return actions
end

-- What may be told to the British, one line each, with the table rolled on.
function Impi.plainWords(answer)
  local lines = {}
  for _, e in ipairs(answer.events or {}) do
    if not e.umpire_only and e.kind ~= "AWAITING" then
      local why = e.why or {}
      local text = e.announce or why.text
      local rule = why.rule or {}
      local tbl = rule.table or rule.section
      if text and tbl and not string.find(text, tbl, 1, true) then text = text .. " [" .. tbl .. "]" end
      if text then table.insert(lines, text) end
    end
  end
  return lines
end

-- The shots the British resolve at the table: FIRED events at a British
-- unit whose explanation asks for the losses ("... with CASUALTIES").
function Impi.shotsToResolve(answer)
  local side, shots = {}, {}
  for _, u in ipairs(answer.state and answer.state.units or {}) do side[u.id] = u.side end
  for _, e in ipairs(answer.events or {}) do
    if e.kind == "FIRED" and e.target_id and side[e.target_id] == "BRITISH" and
       string.find(e.why and e.why.text or "", "CASUALTIES", 1, true) then
      table.insert(shots, { by = (e.unit_ids or {})[1] or "", target = e.target_id })
    end
  end
  return shots
end

-- The objects to the answer's state: each unit on the table placed, moved
-- or removed (a Zulu Control impi, kind IMPI, is a group with no object).
function Impi.placeUnits(state, objects)
  local units, seen = {}, {}
  for _, u in ipairs(state.units or {}) do units[u.id] = u end
  for _, obj in ipairs(objects) do
    local id = Impi.unitIdOf(obj)
    local unit = id and units[id]
    if id and (not unit or unit.off_table or unit.kind == "IMPI") then
      obj.destruct()
    elseif unit then
      seen[id] = true
      obj.setPositionSmooth(Impi.toWorld(unit.position), false, true)
    end
  end
  for _, u in ipairs(state.units or {}) do
    if not u.off_table and u.kind ~= "IMPI" and not seen[u.id] then
      local model = u.side == "BRITISH" and Impi.british_model or Impi.zulu_model
      local spec = { type = model.type, position = Impi.toWorld(u.position), scale = model.scale }
      spec.callback_function = function(obj)
        obj.setName(u.name or u.id)
        obj.setGMNotes("impi:" .. u.id)
      end
      spawnObject(spec)
    end
  end
end
Impi.placeZulus = Impi.placeUnits  -- the first version's name

local function show(answer)
  Impi.state, Impi.awaiting, Impi.pending = answer.state, answer.awaiting or {}, {}
  for _, line in ipairs(Impi.plainWords(answer)) do say(line) end
  for _, s in ipairs(Impi.shotsToResolve(answer)) do
    say(s.by .. " fired at " .. s.target .. ": resolve it and report the losses (impi loss " .. s.target .. " N)")
  end
  say("impi awaits: " .. tostring(Impi.awaiting.prompt), { 1, 1, 1 })
  if #(Impi.awaiting.options or {}) > 0 then say("impi options: what impi offers, numbered", { 1, 1, 1 }) end
  Impi.placeUnits(answer.state, getObjects())
end

-- A game from a TableState with a fresh seed; impi plays until the British
-- are awaited.
function Impi.begin(state, done)
  Impi.seed, Impi.steps, Impi.pending = Impi.newSeed(), 0, {}
  post("Advance", { state = state, list_options = true, dice = { seed = stepSeed() } }, function(answer, err)
    if not answer then return fail(err) end
    show(answer)
    if done then done(answer) end
  end)
end

-- A built-in scenario.
function Impi.start(name, done)
  get("/v1/Scenarios/" .. name, function(state, err)
    if not state then return fail(err) end
    Impi.begin(state, done)
  end)
end

-- The built-in scenarios, broadcast: impi start NAME.
function Impi.scenarios(done)
  get("/v1/Scenarios", function(list, err)
    if not list then return fail(err) end
    for _, s in ipairs(list) do say("impi start " .. s.name .. "  (" .. s.ruleset .. ": " .. s.stem .. ")", { 1, 1, 1 }) end
    if done then done(list) end
  end)
end

-- Notes an action: a unit's second move replaces its first.
function Impi.note(action)
  local kept = {}
  for _, a in ipairs(Impi.pending) do
    local moves = (a.kind == "MOVE" or a.kind == "DEPLOY") and (action.kind == "MOVE" or action.kind == "DEPLOY")
    if not (moves and a.unit_id == action.unit_id) then table.insert(kept, a) end
  end
  table.insert(kept, action)
  Impi.pending = kept
  say("impi: noted " .. Impi.actionWords(action))
  return action
end

-- The British objects' moves and the noted actions, then PASS (with_pass):
-- impi plays on.
function Impi.turn(with_pass, done)
  local skip = {}
  for _, a in ipairs(Impi.pending) do if a.to or a.kind == "CHARGE" then skip[a.unit_id] = true end end
  local actions = Impi.britishMoves(Impi.state, getObjects(), Impi.dragKind(Impi.awaiting), skip)
  for _, a in ipairs(Impi.pending) do table.insert(actions, a) end
  if with_pass then
    for _, a in ipairs(Impi.passActions(Impi.awaiting, actions)) do table.insert(actions, a) end
  end
  local request = { state = Impi.state, list_options = true, dice = { seed = stepSeed() } }
  if #actions > 0 then request.british_actions = actions end
  post("Advance", request, function(answer, err)
    if not answer then
      Impi.placeUnits(Impi.state, getObjects())  -- the objects back where impi has them
      return fail(err)
    end
    show(answer)
    if done then done(answer) end
  end)
end

local function words(message)
  local list = {}
  for w in string.gmatch(message, "%S+") do table.insert(list, w) end
  return list
end

-- A chat command (see the top); false when it was impi's.
function Impi.command(message)
  local w = words(message)
  if w[1] ~= "impi" or not w[2] then return true end
  local cmd = w[2]
  local aw = Impi.awaiting or {}
  if cmd == "start" then
    if w[3] then Impi.start(w[3]) else Impi.scenarios() end
  elseif cmd == "pass" then Impi.turn(true)
  elseif cmd == "send" then Impi.turn(false)
  elseif cmd == "options" then
    for k, a in ipairs(aw.options or {}) do say(k .. ": " .. Impi.actionWords(a), { 1, 1, 1 }) end
  elseif cmd == "do" then
    local a = (aw.options or {})[tonumber(w[3] or "")]
    if not a then
      fail("no option " .. tostring(w[3]) .. " (impi options)")
      return false
    end
    local action = {}
    for k, v in pairs(a) do action[k] = v end
    if action.kind == "FIRE" and Impi.firesWithHits(aw) then action.hits = math.floor(num(w[4])) end
    Impi.note(action)
  elseif cmd == "fire" and w[3] and w[4] then
    local action = { kind = "FIRE", unit_id = w[3], target_id = w[4] }
    if Impi.firesWithHits(aw) then action.hits = math.floor(num(w[5])) end
    Impi.note(action)
  elseif cmd == "charge" and w[3] and w[4] then
    Impi.note({ kind = "CHARGE", unit_id = w[3], target_id = w[4] })
  elseif cmd == "loss" and w[3] then
    Impi.note(Impi.lossAction(aw, w[3], w[4]))
  elseif cmd == "pending" then
    for _, a in ipairs(Impi.pending) do say(Impi.actionWords(a), { 1, 1, 1 }) end
  elseif cmd == "clear" then
    Impi.pending = {}
  else
    fail("unknown command: " .. message)
  end
  return false
end

function onChat(message, player)
  if player and not player.host then return true end
  return Impi.command(message)
end

function onSave()
  return JSON.encode({ state = Impi.state, awaiting = Impi.awaiting, pending = Impi.pending,
                       seed = Impi.seed, steps = Impi.steps })
end

function onLoad(saved)
  if saved and saved ~= "" then
    local s = JSON.decode(saved)
    Impi.state, Impi.awaiting, Impi.pending = s.state, s.awaiting, s.pending or {}
    Impi.seed, Impi.steps = s.seed, s.steps or 0
  end
end
