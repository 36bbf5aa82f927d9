--[[ clients/vtt/tts/impi.lua: impi in Tabletop Simulator (a Global script).

impi plays the Zulus: the script sends the table to impi-server's JSON
endpoint with WebRequest, moves the British units' objects' moves as MOVE
actions, then creates, moves and removes the Zulu objects to match impi's
answer and broadcasts what the British may be told.

Conventions (docs/vtt.md, "Tabletop Simulator"):
  - An object is a unit when its GM notes are "impi:<unit id>" (b6, z3 ...).
  - 1 TTS unit = 1 inch (scale the table to the miniatures so). The table's
    lower-left corner is Impi.origin (x, z in world units); a unit at table
    inches (x, y) stands at world (origin.x + x, height, origin.z + y).
  - impi's last answer (the TableState, with the umpire's book) is kept in
    Impi.state and saved with the game (onSave / onLoad).

Chat commands (the host): "impi start tsatf", "impi pass", "impi send".
Set IMPI_SERVER to the server (127.0.0.1 for a server on this computer;
TTS allows plain http only to localhost: use https for a remote one).
]]

IMPI_SERVER = IMPI_SERVER or "http://127.0.0.1:8080"

Impi = {
  origin = { x = -36, z = -24 },  -- a 72" x 48" table centred on the world's origin
  height = 1.5,                   -- world y of the objects impi places
  state = nil,                    -- the last TableState impi returned
  awaiting = nil,
  seed = 1,
  zulu_model = { type = "Figurine_Custom", scale = { 0.5, 0.5, 0.5 } },
}

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

-- PASS for what is awaited: an activation names its one active unit.
function Impi.passAction(awaiting)
  local ids = awaiting and awaiting.unit_ids or {}
  if #ids == 1 then return { kind = "PASS", unit_id = ids[1] } end
  return { kind = "PASS" }
end

-- MOVE actions for the British objects moved away from their units.
function Impi.britishMoves(state, objects)
  local units = {}
  for _, u in ipairs(state.units or {}) do units[u.id] = u end
  local actions = {}
  for _, obj in ipairs(objects) do
    local unit = units[Impi.unitIdOf(obj) or ""]
    if unit and unit.side == "BRITISH" and not unit.off_table then
      local at = Impi.toInches(obj.getPosition())
      local pos = unit.position or {}
      if math.abs(at.x - num(pos.x)) > 0.05 or math.abs(at.y - num(pos.y)) > 0.05 then
        table.insert(actions, { kind = "MOVE", unit_id = unit.id, to = at })
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

-- The objects to the answer's state: Zulu units placed, moved or removed.
function Impi.placeZulus(state, objects)
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
    if u.side == "ZULU" and not u.off_table and u.kind ~= "IMPI" and not seen[u.id] then
      local spec = { type = Impi.zulu_model.type, position = Impi.toWorld(u.position),
                     scale = Impi.zulu_model.scale }
      spec.callback_function = function(obj)
        obj.setName(u.name or u.id)
        obj.setGMNotes("impi:" .. u.id)
      end
      spawnObject(spec)
    end
  end
end

local function show(answer)
  Impi.state, Impi.awaiting = answer.state, answer.awaiting
  for _, line in ipairs(Impi.plainWords(answer)) do broadcastToAll(line, { 0.9, 0.8, 0.6 }) end
  broadcastToAll("impi awaits: " .. tostring(answer.awaiting and answer.awaiting.prompt), { 1, 1, 1 })
  Impi.placeZulus(answer.state, getObjects())
end

local function nextSeed()
  Impi.seed = Impi.seed + 1
  return tostring(Impi.seed)
end

-- A built-in scenario; impi plays until the British are awaited.
function Impi.start(name, done)
  get("/v1/Scenarios/" .. name, function(state, err)
    if not state then return broadcastToAll("impi: " .. tostring(err), { 1, 0, 0 }) end
    post("Advance", { state = state, dice = { seed = nextSeed() } }, function(answer, err2)
      if not answer then return broadcastToAll("impi: " .. tostring(err2), { 1, 0, 0 }) end
      show(answer)
      if done then done(answer) end
    end)
  end)
end

-- The British objects' moves, then PASS (with_pass): impi plays the Zulus.
function Impi.turn(with_pass, done)
  local actions = Impi.britishMoves(Impi.state, getObjects())
  if with_pass then table.insert(actions, Impi.passAction(Impi.awaiting)) end
  local request = { state = Impi.state, dice = { seed = nextSeed() } }
  if #actions > 0 then request.british_actions = actions end
  post("Advance", request, function(answer, err)
    if not answer then return broadcastToAll("impi: " .. tostring(err), { 1, 0, 0 }) end
    show(answer)
    if done then done(answer) end
  end)
end

function onChat(message, player)
  local cmd, arg = string.match(message, "^impi%s+(%a+)%s*(%S*)")
  if not cmd or (player and not player.host) then return true end
  if cmd == "start" then Impi.start(arg ~= "" and arg or "tsatf")
  elseif cmd == "pass" then Impi.turn(true)
  elseif cmd == "send" then Impi.turn(false) end
  return false
end

function onSave()
  return JSON.encode({ state = Impi.state, awaiting = Impi.awaiting, seed = Impi.seed })
end

function onLoad(saved)
  if saved and saved ~= "" then
    local s = JSON.decode(saved)
    Impi.state, Impi.awaiting, Impi.seed = s.state, s.awaiting, s.seed or 1
  end
end
