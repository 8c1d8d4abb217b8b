-- wrk script for `GET /api/rio-kadalis`: 1000 random Rio Kadalis positions of 12 or 16 seeds
-- (a fixed seed, so every run asks the same ones), requested in turn.
math.randomseed(42)
local positions = {}
for i = 1, 1000 do
  local cells = {}
  for p = 1, 12 do cells[p] = 0 end
  local seeds = (i % 2 == 0) and 12 or 16
  for _ = 1, seeds do
    local p = math.random(12)
    cells[p] = cells[p] + 1
  end
  local side = (math.random(2) == 1) and "S" or "N"
  positions[i] = table.concat(cells, ",", 1, 6) .. "/" .. table.concat(cells, ",", 7, 12) .. "_" .. side
end

local i = 0
request = function()
  i = i % #positions + 1
  return wrk.format("GET", "/api/rio-kadalis?position=" .. positions[i])
end

-- Any answer but 200 is counted by wrk as "Non-2xx or 3xx responses".
