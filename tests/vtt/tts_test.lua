--[[ The Tabletop Simulator script (clients/vtt/tts/impi.lua) run by Lua 5.4
against a real impi-server, with TTS's API stood in for: WebRequest by
curl, JSON by lua-cjson, objects by tables with TTS's methods.

It plays a whole Zulu Control patrol as a host would, through the chat
commands (fire with the hits scored, charges, losses, close-combat results),
checks that two new games get different seeds, deploys at Isandlwana by
dragging a figure, and gives Empress orders from impi's options.

Usage: lua5.4 tts_test.lua SOURCE_DIR SERVER_URL   (run by vtt_test.mjs)
]]
local source, server = arg[1], arg[2]
local cjson = require("cjson")

-- TTS's API, as far as the script uses it.
JSON = { encode = cjson.encode, decode = cjson.decode }

local function shell_quote(s) return "'" .. string.gsub(s, "'", "'\\''") .. "'" end

local function curl(url, method, body)
  local out = os.tmpname()
  local cmd = "curl -s -o " .. out .. " -w '%{http_code}' -X " .. method
  local input
  if body then
    input = os.tmpname()
    local f = assert(io.open(input, "w")); f:write(body); f:close()
    cmd = cmd .. " -H 'Content-Type: application/json' --data-binary @" .. input
  end
  local p = io.popen(cmd .. " " .. shell_quote(url))
  local code = tonumber(p:read("*a")) or 0
  p:close()
  local f = io.open(out); local text = f and f:read("*a") or ""; if f then f:close() end
  os.remove(out); if input then os.remove(input) end
  return { is_error = code == 0, error = code == 0 and "no connection" or nil,
           response_code = code, text = text }
end

local requests = {}  -- every Advance the script sent, decoded
WebRequest = {
  custom = function(url, method, _download, data, _headers, callback)
    if string.find(url, "/v1/Advance", 1, true) then table.insert(requests, cjson.decode(data)) end
    callback(curl(url, method, data))
  end,
  get = function(url, callback) callback(curl(url, "GET", nil)) end,
}

local objects, broadcasts = {}, {}
local function newObject(position, notes)
  local o = { position = position, notes = notes or "", name = "", destroyed = false }
  o.getGMNotes = function() return o.notes end
  o.setGMNotes = function(n) o.notes = n end
  o.setName = function(n) o.name = n end
  o.getPosition = function() return o.position end
  o.setPositionSmooth = function(p) o.position = p end
  o.destruct = function() o.destroyed = true end
  table.insert(objects, o)
  return o
end
function getObjects()
  local live = {}
  for _, o in ipairs(objects) do if not o.destroyed then table.insert(live, o) end end
  return live
end
function spawnObject(spec)
  local o = newObject(spec.position)
  o.spawned = true
  if spec.callback_function then spec.callback_function(o) end
  return o
end
function broadcastToAll(text) table.insert(broadcasts, text) end

IMPI_SERVER = server
dofile(source .. "/clients/vtt/tts/impi.lua")

local passed, failed = 0, 0
local function check(ok, what)
  if ok then passed = passed + 1 else failed = failed + 1; print("FAILED: " .. what) end
end
local function finish()
  print(passed .. " passed, " .. failed .. " failed")
  os.exit(failed == 0 and 0 or 1)
end

local host = { host = true }
local function chat(text)
  local before = #requests
  local taken = onChat(text, host)
  check(taken == false, "the script takes '" .. text .. "'")
  return #requests > before
end

local function objectOf(id)
  for _, o in ipairs(getObjects()) do if o.notes == "impi:" .. id then return o end end
end

local function unitOf(id)
  for _, u in ipairs(Impi.state.units or {}) do if u.id == id then return u end end
end

local function fit(id)
  local u = unitOf(id)
  return u and tonumber(u.figures and u.figures.fit) or 0
end

-- Each unit on the table has an object where it stands, and no other.
local function objectsMatch(state)
  local want, found = 0, 0
  for _, u in ipairs(state.units) do
    if not u.off_table and u.kind ~= "IMPI" then
      want = want + 1
      local o = objectOf(u.id)
      local w = Impi.toWorld(u.position)
      if o and math.abs(o.position.x - w.x) < 1e-9 and math.abs(o.position.z - w.z) < 1e-9 then
        found = found + 1
      end
    end
  end
  return want > 0 and found == want and #getObjects() == want, found .. " of " .. want
end

local function sentKinds(from)
  local kinds = {}
  for k = from + 1, #requests do
    for _, a in ipairs(requests[k].british_actions or {}) do kinds[a.kind] = (kinds[a.kind] or 0) + 1 end
  end
  return kinds
end

local function sentAction(from, test)
  for k = from + 1, #requests do
    for _, a in ipairs(requests[k].british_actions or {}) do if test(a) then return a end end
  end
end

-- --- Seeds: each new game its own ---------------------------------------------

Impi.start("tsatf")
local first = Impi.seed
local firstDice = requests[#requests].dice.seed
Impi.start("tsatf")
check(first ~= nil and Impi.seed ~= nil and Impi.seed ~= first, "two new games get different seeds: " ..
      tostring(first) .. ", " .. tostring(Impi.seed))
check(requests[#requests].dice.seed ~= firstDice, "and their first steps different dice")
check(string.match(Impi.seed, "^%d+$") ~= nil, "a seed is a decimal string (JSON's uint64)")

-- --- A whole patrol ------------------------------------------------------------

objects = {}
local from = #requests
Impi.start("tsatf")
check(Impi.state ~= nil, "the game started: " .. table.concat(broadcasts, " | "))
if not Impi.state then finish() end
check(string.find(Impi.awaiting.prompt, "red card 1 of 3", 1, true) ~= nil, "awaits the first red card")
local ok, what = objectsMatch(Impi.state)
check(ok, "an object per unit, British ones too (" .. what .. ")")
check(#Impi.britishMoves(Impi.state, getObjects()) == 0, "no moves before any object moves")

-- The Natal Mounted Police ride to the donga head (appearance point 7).
objectOf("b6").position = Impi.toWorld({ x = 22, y = 13 })
local moves = Impi.britishMoves(Impi.state, getObjects())
check(#moves == 1 and moves[1].unit_id == "b6" and moves[1].to.x == 22 and moves[1].to.y == 13,
      "the ride is a MOVE of b6 to (22, 13)")
broadcasts = {}
chat("impi pass")
local said = table.concat(broadcasts, "\n")
check(string.find(said, "RANDOM CHANCE ON-FIELD", 1, true) ~= nil, "the broadcast names the table")
check(string.find(said, "impi awaits: Turn 1", 1, true) ~= nil, "the broadcast says what impi awaits")

local charged, fired, lost, fought = 0, 0, 0, 0
for _ = 1, 400 do
  local aw = Impi.awaiting
  if aw.kind == "GAME_ENDED" then break end
  if aw.kind == "BRITISH_MOVE" and charged < 3 then
    for _, a in ipairs(aw.options or {}) do
      if a.kind == "CHARGE" then
        chat("impi charge " .. a.unit_id .. " " .. a.target_id)
        charged = charged + 1
        break
      end
    end
  elseif aw.kind == "BRITISH_FIRE" then
    for k, a in ipairs(aw.options or {}) do
      if a.kind == "FIRE" then
        -- Alternately typed out and chosen from the options by number.
        if fired % 2 == 0 then chat("impi fire " .. a.unit_id .. " " .. a.target_id .. " 2")
        else chat("impi do " .. k .. " 2") end
        fired = fired + 1
        break
      end
    end
    if lost == 0 then
      chat("impi loss b1 1")
      lost = lost + 1
    end
  elseif aw.kind == "BRITISH_CLOSE_COMBAT" then
    for _, id in ipairs(aw.unit_ids or {}) do
      chat("impi loss " .. id .. " " .. (unitOf(id).side == "BRITISH" and 1 or 2))
    end
    fought = fought + 1
  end
  chat("impi pass")
end
check(Impi.awaiting.kind == "GAME_ENDED", "the patrol ended: " .. tostring(Impi.awaiting.prompt))
local kinds = sentKinds(from)
for _, kind in ipairs({ "MOVE", "FIRE", "CHARGE", "CASUALTIES", "CLOSE_COMBAT_RESULT", "PASS" }) do
  check((kinds[kind] or 0) > 0, kind .. " reported")
end
check(charged > 0 and fired > 1 and fought > 0, "charges, fire and fights played")
check(sentAction(from, function(a) return a.kind == "FIRE" and a.hits == 2 end) ~= nil, "the hits go with FIRE")
check(sentAction(from, function(a) return a.kind == "CASUALTIES" and a.target_id == "b1" and a.casualties == 1 end) ~= nil,
      "b1's loss reported")
ok, what = objectsMatch(Impi.state)
check(ok, "the objects match the last state (" .. what .. ")")

-- The saved game comes back.
local saved = onSave()
local units = #Impi.state.units
Impi.state = nil
onLoad(saved)
check(Impi.state ~= nil and #Impi.state.units == units and Impi.seed ~= nil, "onSave / onLoad keep the table")

-- --- Zulu fire resolved at the table --------------------------------------------

objects = {}
from = #requests
local state
WebRequest.get(server .. "/v1/Scenarios/tsatf", function(req) state = cjson.decode(req.text) end)
table.insert(state.units, { id = "z90", side = "ZULU", kind = "RIFLE_REGIMENT", name = "riflemen",
                            figures = { fit = 12 }, position = { x = 30, y = 16 } })
Impi.begin(state)
local shot
for _ = 1, 12 do
  broadcasts = {}
  chat("impi pass")
  for _, line in ipairs(broadcasts) do
    shot = shot or string.match(line, "^z90 fired at (%S+): resolve it")
  end
  if shot then break end
end
check(shot ~= nil, "the host is asked for the losses to Zulu fire")
if shot then
  local before = fit(shot)
  chat("impi loss " .. shot .. " 1")
  chat("impi send")
  check(fit(shot) == before - 1, "the losses taken")
end

-- --- Isandlwana: a figure dragged while the British deploy --------------------

objects = {}
from = #requests
Impi.seed = nil
Impi.start("isandlwana")
local deploy
for _, a in ipairs(Impi.awaiting.options or {}) do if a.kind == "DEPLOY" and not deploy then deploy = a end end
check(deploy ~= nil or Impi.dragKind(Impi.awaiting) == "DEPLOY", "the British deploy")
if deploy then
  objectOf(deploy.unit_id).position = Impi.toWorld(deploy.to)
  chat("impi send")
  local sent = requests[#requests].british_actions
  check(sent and sent[1].kind == "DEPLOY" and sent[1].unit_id == deploy.unit_id, "the drag is a DEPLOY")
  check(unitOf(deploy.unit_id) ~= nil, "impi took the deployment")
end

-- --- Empress: orders from impi's options ----------------------------------------

objects = {}
from = #requests
Impi.start("empress")
local ordered = 0
for _ = 1, 100 do
  local aw = Impi.awaiting
  if aw.kind == "GAME_ENDED" then break end
  for _, id in ipairs(aw.unit_ids or {}) do
    for k, a in ipairs(aw.options or {}) do
      if a.unit_id == id and (a.kind == "FIRE" or a.kind == "ORDER" or a.kind == "CHARGE") then
        chat("impi do " .. k)
        ordered = ordered + 1
        break
      end
    end
  end
  chat("impi pass")
end
check(Impi.awaiting.kind == "GAME_ENDED", "the skirmish ended: " .. tostring(Impi.awaiting.prompt))
check(ordered > 0, "orders given from the options")
local empress = sentKinds(from)
check((empress.FIRE or 0) > 0 and (empress.PASS or 0) > 0, "fire ordered, the other units held")

finish()
