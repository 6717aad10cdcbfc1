-- Torch7's side of the .t7 interop check (run by ../torch7-binding):
--   torch7_side.lua write DIR   torch.save the objects ember_side.py expects
--   torch7_side.lua check DIR   torch.load the files ember wrote and check them
require 'torch'

local mode, dir = arg[1], arg[2]
local formats = {'binary', 'ascii'}

-- The same objects as ember_side.py's expected(), built from their definition.
local function objects()
  local base = torch.range(1, 24):view(2, 3, 4)
  local shared = {name = 'shared', n = 2}
  return {
    numbers = {1.5, -2, 0, 1e300},
    flags = {yes = true, no = false},
    text = 'ember and Torch7',
    double = base,
    transposed = base:transpose(1, 3),
    narrowed = base:narrow(3, 2, 2),
    floats = torch.FloatTensor(5):copy(torch.range(0, 4)):mul(0.25),
    longs = torch.LongTensor({{-3, 7}, {2 ^ 40, 1}}),
    bytes = torch.ByteTensor({0, 1, 255}),
    ints = torch.IntTensor({-2147483648, 2147483647}),
    shorts = torch.ShortTensor({-32768, 32767}),
    chars = torch.CharTensor({-128, 127}),
    storage = torch.DoubleStorage({4, 5, 6}),
    same_a = shared,
    same_b = shared,
    empty = torch.DoubleTensor(),
  }
end

local function check(cond, what)
  if not cond then error('torch7_side check failed: ' .. what) end
end

if mode == 'write' then
  for _, f in ipairs(formats) do torch.save(dir .. '/from_torch7.' .. f .. '.t7', objects(), f) end
elseif mode == 'check' then
  for _, f in ipairs(formats) do
    local got = torch.load(dir .. '/from_ember.' .. f .. '.t7', f)
    local want = objects()
    for _, key in ipairs({'double', 'transposed', 'narrowed', 'floats', 'longs', 'bytes', 'ints', 'shorts', 'chars'}) do
      check(torch.typename(got[key]) == torch.typename(want[key]), f .. ' ' .. key .. ' type')
      check(got[key]:isSameSizeAs(want[key]), f .. ' ' .. key .. ' size')
      check((got[key]:double() - want[key]:double()):abs():max() == 0, f .. ' ' .. key .. ' values')
    end
    check(got.transposed:stride(1) == 1 and torch.pointer(got.transposed:storage()) == torch.pointer(got.double:storage()),
          f .. ' transposed shares double\'s storage')
    check(got.narrowed:storageOffset() == 2, f .. ' narrowed offset')
    check(got.same_a == got.same_b and got.same_a.name == 'shared', f .. ' shared table')
    check(got.text == want.text and got.flags.yes == true and got.flags.no == false, f .. ' strings, booleans')
    for i, v in ipairs(want.numbers) do check(got.numbers[i] == v, f .. ' number ' .. i) end
    check(got.storage:size() == 3 and got.storage[3] == 6, f .. ' storage')
    check(got.empty:nElement() == 0, f .. ' empty tensor')
  end
  print('torch7_side: the files ember wrote load in Torch7 with the expected values')
else
  error('usage: torch7_side.lua write|check DIR')
end
