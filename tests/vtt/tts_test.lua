--[[ The Tabletop Simulator example (clients/vtt/tts/impi.lua) run by Lua 5.4
against a real impi-server, with TTS's API stood in for: WebRequest by
curl, JSON by lua-cjson, objects by tables with TTS's methods.

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

WebRequest = {
  custom = function(url, method, _download, data, _headers, callback) callback(curl(url, method, data)) end,
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

-- The patrol: impi plays until the British are awaited.
Impi.seed = 4
local started
Impi.start("tsatf", function(answer) started = answer end)
check(started ~= nil, "the game started: " .. table.concat(broadcasts, " | "))
if not started then
  print(passed .. " passed, " .. failed .. " failed"); os.exit(1)
end
check(string.find(started.awaiting.prompt, "red card 1 of 3", 1, true) ~= nil, "awaits the first red card")

-- An object for each British unit, where the unit stands.
for _, u in ipairs(started.state.units) do
  if u.side == "BRITISH" then newObject(Impi.toWorld(u.position), "impi:" .. u.id) end
end
check(#Impi.britishMoves(Impi.state, getObjects()) == 0, "no moves before any object moves")

-- The Natal Mounted Police ride to the donga head (appearance point 7).
for _, o in ipairs(objects) do
  if o.notes == "impi:b6" then o.position = Impi.toWorld({ x = 22, y = 13 }) end
end
local moves = Impi.britishMoves(Impi.state, getObjects())
check(#moves == 1 and moves[1].unit_id == "b6" and moves[1].to.x == 22 and moves[1].to.y == 13,
      "the ride is a MOVE of b6 to (22, 13)")

-- Pass: impi plays. The dice decide whether the point makes an impi: a few
-- seeds are tried from the same table until one does (the first does today).
local before = Impi.state
local answer
for _ = 1, 6 do
  Impi.state = before
  broadcasts = {}
  Impi.turn(true, function(a) answer = a end)
  local zulus = 0
  for _, u in ipairs(answer and answer.state.units or {}) do if u.side == "ZULU" then zulus = zulus + 1 end end
  if zulus > 0 then break end
end
check(answer ~= nil, "impi answered the turn")
local said = table.concat(broadcasts, "\n")
check(string.find(said, "RANDOM CHANCE ON-FIELD", 1, true) ~= nil, "the broadcast names the table")
check(string.find(said, "impi awaits: Turn 1", 1, true) ~= nil, "the broadcast says what impi awaits")

-- A Zulu object for each Zulu unit on the table, where it stands.
local want, spawned = 0, 0
for _, u in ipairs(answer.state.units) do
  if u.side == "ZULU" and not u.off_table and u.kind ~= "IMPI" then
    want = want + 1
    for _, o in ipairs(getObjects()) do
      if o.spawned and o.notes == "impi:" .. u.id then
        local w = Impi.toWorld(u.position)
        if math.abs(o.position.x - w.x) < 1e-9 and math.abs(o.position.z - w.z) < 1e-9 then
          spawned = spawned + 1
        end
      end
    end
  end
end
check(want > 0 and spawned == want, "a Zulu object per Zulu unit (" .. spawned .. " of " .. want .. ")")
check(#Impi.britishMoves(Impi.state, getObjects()) == 0, "no moves left once impi's state is kept")

-- The saved game comes back.
local saved = onSave()
Impi.state = nil
onLoad(saved)
check(Impi.state ~= nil and #Impi.state.units == #answer.state.units, "onSave / onLoad keep the table")

print(passed .. " passed, " .. failed .. " failed")
os.exit(failed == 0 and 0 or 1)
