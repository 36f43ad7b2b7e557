select
    id as store_id,
    name as store_name,
    opened_at
from {{ source('inventory', 'stores') }}
