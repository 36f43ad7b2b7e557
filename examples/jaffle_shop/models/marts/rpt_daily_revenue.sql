select order_date, sum(amount) as revenue
from {{ ref('orders') }}
group by 1
